import { brandedFooter } from './branded-footer.js';
import type { Design } from './design.js';
import { gradientScene } from './gradient-scene.js';
import { quoteCard } from './quote-card.js';
import { titleCard } from './title-card.js';

export type { Design, DesignInput } from './design.js';

/** Every builtin design; each is rendered at every image size. */
export const DESIGNS: Design[] = [quoteCard, titleCard, gradientScene, brandedFooter];
