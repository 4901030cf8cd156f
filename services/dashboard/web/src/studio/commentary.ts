/**
 * The ONE function that turns a body into LinkedIn's commentary (decision 0032), and the way
 * LinkedIn's length is counted: imported from the network package's own source, so the editor's
 * instant preview is made by the code the publisher sends with and the server previews with.
 * Those two files import nothing from Node (a test of the network package keeps it so).
 */
export { composeCommentary, type ComposedCommentary, type CommentaryMention } from '../../../../../packages/network/src/little-text.js';
export { commentaryLength, LINKEDIN_COMMENTARY_MAX } from '../../../../../packages/network/src/commentary-length.js';
