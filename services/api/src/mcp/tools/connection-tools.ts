import { createConnectLinks, disconnectMember, getConnection } from '../../domain/members/index.js';
import { ConnectLinksBody } from '../../schemas/connection.js';
import { defineTool, type ToolDefinition } from '../tool.js';
import { noInput } from '../tool-inputs.js';

/** The member's own LinkedIn connection, as POST/GET/DELETE /me/connection… do it. */
export const connectionTools: ToolDefinition[] = [
  defineTool({
    name: 'get_linkedin_connection',
    title: 'LinkedIn connection status',
    description: "Whether the member's LinkedIn grants (posting; analytics where configured) are connected, until when they last, and why one ended.",
    input: noInput,
    readOnly: true,
    run: ({ deps, memberId }) => getConnection(deps, memberId),
  }),
  defineTool({
    name: 'connect_linkedin',
    title: 'Links to connect LinkedIn',
    description:
      'Authorize links for the member to sign in to LinkedIn (one for posting, one for analytics where configured). Give the member the authorize_url to open in a browser; each works once for 30 minutes, then the browser goes to return_to, which must be one of the URLs the operator allows.',
    input: ConnectLinksBody,
    run: ({ deps, memberId }, input) => createConnectLinks(deps, memberId, input),
  }),
  defineTool({
    name: 'disconnect_linkedin',
    title: 'Disconnect LinkedIn',
    description: 'Disconnects the member from LinkedIn: the stored tokens are forgotten and nothing can be published until they connect again.',
    input: noInput,
    destructive: true,
    run: async ({ deps, memberId }) => {
      await disconnectMember(deps, memberId);
      return getConnection(deps, memberId);
    },
  }),
];
