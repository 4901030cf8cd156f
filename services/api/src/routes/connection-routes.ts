import { defineRoute, type RouteDefinition } from '../http/route.js';
import { ConnectionEnvelopeSchema, ConnectLinksBody, ConnectLinksSchema } from '../schemas/connection.js';
import { createConnectLinks, disconnectMember, getConnection } from '../domain/members/index.js';

/** A member connects (and disconnects) LinkedIn by themselves, from the product's own page (docs/building-on-lps.md). */
export const connectionRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'get',
    path: '/me/connection',
    summary: "The member's LinkedIn grants: connected or not, until when",
    tag: 'Connection',
    responses: { 200: { description: 'The share grant and the analytics grant', schema: ConnectionEnvelopeSchema } },
    handler: async ({ caller, deps }) => ({ status: 200, body: await getConnection(deps, caller.memberId) }),
  }),
  defineRoute({
    method: 'post',
    path: '/me/connection/links',
    summary: 'Authorize links for the member to sign in to LinkedIn, coming back to return_to',
    tag: 'Connection',
    request: { body: ConnectLinksBody },
    responses: { 201: { description: "One link per grant (the analytics app's where configured)", schema: ConnectLinksSchema } },
    errors: [422],
    handler: async ({ caller, body, deps }) => ({ status: 201, body: await createConnectLinks(deps, caller.memberId, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/me/connection',
    summary: "Disconnect the member from LinkedIn: both grants' tokens are forgotten",
    tag: 'Connection',
    responses: { 204: { description: 'Disconnected (also when there was nothing to disconnect)' } },
    errors: [422],
    handler: async ({ caller, deps }) => {
      await disconnectMember(deps, caller.memberId);
      return { status: 204 };
    },
  }),
];
