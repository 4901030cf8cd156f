import Joi from 'joi';
import { RETURN_URL_MAX_LENGTH } from '@lps/config';
import { dateTime, nullableDateTime, nullableString } from './common.js';

const grant = () => Joi.string().valid('share', 'analytics');

export interface ConnectLinksInput {
  return_to: string;
}

export const ConnectLinksBody = Joi.object<ConnectLinksInput, true>({
  return_to: Joi.string()
    .max(RETURN_URL_MAX_LENGTH)
    .required()
    .description(
      "Your page the browser comes back to after signing in, with lps_connection=connected|failed, lps_grant and lps_error. Must be under one of the URLs the operator listed in LPS_CONNECT_RETURN_URLS (same origin, path at or below the entry's); in the sandbox without that list, any page of this service's own origin.",
    ),
});

export const ConnectLinkSchema = Joi.object({
  grant: grant().required().description('share: posting (and who the member is); analytics: the analytics app, where the operator configured one'),
  authorize_url: Joi.string().uri().required().description("Send the member's browser here. Works once. In the sandbox it is this service's callback itself."),
  expires_at: dateTime().required().description('The link works until then (30 minutes)'),
}).label('ConnectLink');

export const ConnectLinksSchema = Joi.object({
  links: Joi.array().items(ConnectLinkSchema).min(1).required(),
  connected_as: nullableString()
    .required()
    .description('The LinkedIn person (urn:li:person:…) the member is connected as now; signing in as another one ends with lps_error=connected_elsewhere'),
}).label('ConnectLinks');

const GrantStatus = {
  connected: Joi.boolean().required(),
  expires_at: nullableDateTime().required().description('When the member must sign in again at the latest; null when not connected (or no end, sandbox)'),
  disconnect_reason: nullableString().required().description('Why the grant ended (LinkedIn refused the token, the member disconnected); null while connected'),
};

export const ConnectionSchema = Joi.object({
  network: Joi.string().valid('sandbox', 'linkedin').required(),
  share: Joi.object({ ...GrantStatus, person_urn: nullableString().required() })
    .required()
    .label('ShareGrant'),
  analytics: Joi.object(GrantStatus).allow(null).required().label('AnalyticsGrant').description('null where the analytics app is not configured'),
}).label('Connection');

export const ConnectionEnvelopeSchema = Joi.object({ connection: ConnectionSchema.required() }).label('ConnectionEnvelope');
