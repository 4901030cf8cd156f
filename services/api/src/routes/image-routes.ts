import { defineRoute, type RouteDefinition } from '../http/route.js';
import { multipartForm } from '../http/multipart-upload.js';
import { requestImages, selectImage, uploadFile, uploadImageFromUrl } from '../domain/images/index.js';
import { idParams } from '../schemas/common.js';
import { RequestImagesBody, SelectImageBody, UploadImageJsonBody, UploadResponseSchema } from '../schemas/image.js';
import { AsyncEnvelopeSchema, PostEnvelopeSchema } from '../schemas/post.js';

export const imageRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'post',
    path: '/posts/:id/images',
    summary: 'Generate image and document candidates in the background; poll the post or wait for post.images_ready',
    tag: 'Images',
    bucket: 'generation',
    idempotent: true,
    request: { params: idParams, body: RequestImagesBody, bodyOptional: true },
    responses: { 202: { description: 'Accepted; the post is generating_images until the candidates are ready', schema: AsyncEnvelopeSchema } },
    errors: [404, 409, 422, 503],
    handler: async ({ caller, params, body, deps }) => ({
      status: 202,
      body: await requestImages(deps, caller.memberId, params.id, body ?? {}),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:id/images/upload',
    summary: 'Upload a JPEG/PNG image, a PDF document or an MP4 video (multipart field `file`), or have the service fetch `image_url`',
    tag: 'Images',
    request: { params: idParams, body: UploadImageJsonBody, customBody: true, multipartFile: 'file' },
    responses: { 201: { description: "Stored; the upload is now the post's image or document", schema: UploadResponseSchema } },
    // 503: the image service did not answer within LPS_IMAGE_WAIT; nothing was attached (Retry-After).
    errors: [404, 409, 422, 503],
    handler: async ({ caller, params, body, deps, req, res }) => {
      const result = body ? await uploadImageFromUrl(deps, caller.memberId, params.id, body) : await uploadFile(deps, caller.memberId, params.id, multipartForm(deps, req, res));
      return { status: 201, body: result };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/posts/:id/select-image',
    summary: "Choose the post's image or document by URL or index, optionally with the hook drawn over it",
    tag: 'Images',
    request: { params: idParams, body: SelectImageBody },
    responses: { 200: { description: 'The post with its chosen image', schema: PostEnvelopeSchema } },
    // 503: drawing the overlay took longer than LPS_IMAGE_WAIT; the post was not changed (Retry-After).
    errors: [404, 409, 422, 503],
    handler: async ({ caller, params, body, deps }) => ({
      status: 200,
      body: await selectImage(deps, caller.memberId, params.id, body),
    }),
  }),
];
