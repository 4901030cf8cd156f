import Joi from 'joi';
// The member's JSON shape is written once, by memberToWire: the schema takes its type (decision 0023).
import type { WireMember } from '@lps/db';
import { nullableDateTime, nullableString, uuid } from './common.js';

export const MemberSchema = Joi.object<WireMember, true>({
  id: uuid().required(),
  display_name: nullableString().required(),
  headline: nullableString().required(),
  company_name: nullableString(),
  network_connected: Joi.boolean().required().description('false once LinkedIn refused the token or it expired: the member must reconnect'),
  network_connection_expires_at: nullableDateTime()
    .required()
    .description(
      "When the member must reconnect to LinkedIn at the latest (the refresh token's end where LinkedIn granted one, else the 60-day access token's); null when not connected or without expiry (sandbox). In the past when the token has expired.",
    ),
}).label('Member');

export const MemberEnvelopeSchema = Joi.object({ member: MemberSchema.required() }).label('MemberEnvelope');
