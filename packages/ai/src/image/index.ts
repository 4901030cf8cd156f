// The light half of the image module, re-exported by the package root: types,
// sizes, caps and text helpers. Renderers (sharp, fontkit, pdf-lib) live behind
// `@lps/ai/image` so a process that only writes text never loads them.
export * from './image-provider.js';
export { hookOf, keyPointsOf } from './content.js';
export { overlayChanges, overlayKeyOf, overlayKeyPrefix, overlayKeysShownBy, uploadFileKeys, uploadVariantKey, type ShowsFiles } from './file-keys.js';
