// What routes, MCP tools and other entries call in images/: entries import from here, never from the files behind it.
export type { ImageChoice } from './image-choices.js';
export { requestImages, type RequestImagesInput } from './request-images.js';
export { selectImage, type SelectImageInput } from './select-image.js';
export type { StagedUpload } from './upload/stage-upload.js';
export { multipartCaps, uploadFile, type FilePart, type ReceivedFile, type UploadForm } from './upload/upload-file.js';
export { uploadImageFromUrl } from './upload/upload-from-url.js';
export { describeBytes } from './upload/upload-limits.js';
