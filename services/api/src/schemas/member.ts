import Joi from 'joi';
import { nullableString, uuid } from './common.js';

export const MemberSchema = Joi.object({
  id: uuid().required(),
  display_name: nullableString().required(),
  headline: nullableString().required(),
  company_name: nullableString(),
  network_connected: Joi.boolean().required(),
}).label('Member');

export const MemberEnvelopeSchema = Joi.object({ member: MemberSchema.required() }).label('MemberEnvelope');
