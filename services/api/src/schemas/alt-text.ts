import Joi from 'joi';
import { LINKEDIN_ALT_TEXT_MAX } from '@lps/network';

/**
 * Control characters (C0 but tab, newline and carriage return; DEL; C1) and the
 * text-direction overrides and isolates: nothing a screen reader should read, and
 * the direction marks can make alt text read as something else than it says
 * (docs/decisions/0009). NUL and lone surrogates are refused earlier, for every field.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_OR_DIRECTION = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/**
 * An image's alt text (decision 0022): at most LinkedIn's limit, sent as `altText`.
 * `null` or "" means none.
 */
export const altText = () =>
  Joi.string()
    .trim()
    .max(LINKEDIN_ALT_TEXT_MAX)
    .allow('', null)
    .custom((value: string, helpers) => (CONTROL_OR_DIRECTION.test(value) ? helpers.error('string.altTextCharacters') : value))
    .messages({ 'string.altTextCharacters': '{{#label}} must not contain control or text-direction characters' })
    .description(`What the image shows, for screen readers (LinkedIn's altText), at most ${LINKEDIN_ALT_TEXT_MAX} characters; null or "" for none.`);
