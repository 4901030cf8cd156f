import Joi from 'joi';
import { ERROR_STATUS } from '@lps/common';

/** The key pattern of a map (`Joi.object().pattern(ANY_KEY, value)`): every key; the OpenAPI document shows it as additionalProperties. */
export const ANY_KEY = /^/;

export const uuid = () => Joi.string().guid().messages({ 'string.guid': '{{#label}} must be a UUID' });

/** `{id}` in a path: not a UUID → 422 validation_error with details.id (docs/api.md). */
export interface IdParams {
  id: string;
}
export const idParams = Joi.object<IdParams, true>({ id: uuid().required() });

const dateTime = () => Joi.string().isoDate().meta({ format: 'date-time' });

export const nullableString = () => Joi.string().allow(null);
export const nullableDateTime = () => dateTime().allow(null);
export const nullableUri = () => Joi.string().uri().allow(null);
export { dateTime };

export const ErrorSchema = Joi.object({
  error: Joi.object({
    code: Joi.string()
      .valid(...Object.keys(ERROR_STATUS))
      .required(),
    message: Joi.string().required(),
    /** Field (or field path) → what is wrong with it. */
    details: Joi.object().pattern(ANY_KEY, Joi.string()),
  }).required(),
}).label('Error');
