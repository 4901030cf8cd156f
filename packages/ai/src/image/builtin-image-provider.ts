import { renderCarousel } from './carousel/render-carousel.js';
import { displayName, hookOf, initialsOf, keyPointsOf } from './content.js';
import { DESIGNS, type DesignInput } from './designs/index.js';
import { CAROUSEL_SIZE, IMAGE_SIZES, type ImageProvider, type ImageRequest, type RenderedCandidate } from './image-provider.js';
import { paletteFor } from './palettes.js';
import { svgToPng } from './render-png.js';

/**
 * Offline renderer (LPS_AI_PROVIDER=builtin): every design at 1200×1200 and
 * 1200×627 as PNG, plus one PDF carousel. No model, no network.
 */
export class BuiltinImageProvider implements ImageProvider {
  readonly name = 'builtin';

  async generate(request: ImageRequest): Promise<RenderedCandidate[]> {
    const base = this.designInput(request, 0);
    const candidates: RenderedCandidate[] = [];
    for (const [index, design] of DESIGNS.entries()) {
      const input = { ...base, palette: paletteFor(request.scene, request.seed, index) };
      // Recorded with each render: its alt text, and that it already shows the post's words (no overlay on it).
      const { shows, alt } = design.describe(input);
      for (const size of IMAGE_SIZES) {
        const data = await svgToPng(design.render(input, size));
        candidates.push({ kind: 'image', design: design.name, ...size, contentType: 'image/png', extension: 'png', data, altText: alt, showsText: shows });
      }
    }
    const points = keyPointsOf(request);
    const data = await renderCarousel(base, points.length > 0 ? points : [request.scene?.trim() || base.hook || base.name]);
    candidates.push({ kind: 'document', design: 'carousel', ...CAROUSEL_SIZE, contentType: 'application/pdf', extension: 'pdf', data });
    return candidates;
  }

  private designInput(request: ImageRequest, paletteOffset: number): DesignInput {
    const name = displayName(request);
    return {
      hook: hookOf(request),
      scene: request.scene?.trim() || null,
      name,
      headline: [request.member.headline, request.member.companyName].filter(Boolean).join(' · ') || null,
      initials: initialsOf(name),
      palette: paletteFor(request.scene, request.seed, paletteOffset),
      seed: request.seed,
    };
  }
}
