// What routes, MCP tools and other entries call in members/: entries import from here, never from the files behind it.
export { CONNECT_CALLBACK_PATH } from './connect-links.js';
export { ConnectedElsewhereError, saveShareConnection } from './connect-member.js';
export { createConnectLinks } from './create-connect-links.js';
export { disconnectMember } from './disconnect-member.js';
export { finishConnection, type ConnectionOutcome } from './finish-connection/finish-connection.js';
export { getConnection } from './get-connection.js';
export { getMe } from './get-me.js';
