import pLimit from 'p-limit';

/**
 * Decoding is the memory-hungry part of image work in the API (upload variants,
 * overlays): one image at a time per process keeps RSS flat under bursts, and
 * libvips already spreads one image over the cores (measured: two side by side
 * were no faster).
 */
export const imageWork = pLimit(1);

/** sharp (~30 MB of RSS) is imported by the first image operation, not at start. */
export const loadImageTools = async () => {
  const fit = await import('@lps/ai/image/fit');
  // Nothing the API decodes is decoded again: libvips' operation cache would only hold memory.
  fit.disableImageCache();
  return fit;
};
