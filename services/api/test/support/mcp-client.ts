import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

// An MCP client as an agent runs one (the MCP SDK over Streamable HTTP), and the two ways tests
// call a tool: as it answers, or expecting success (its text and structured content agreeing).

export async function connectMcp(mcpUrl: string, auth?: string): Promise<Client> {
  const client = new Client({ name: 'lps-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { requestInit: { headers: auth ? { Authorization: auth } : {} } }));
  return client;
}

export type ToolAnswer = { isError?: boolean; structuredContent?: any; content: Array<{ type: string; text?: string }> };

export const callTool = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolAnswer;

export async function okTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const answer = await callTool(client, name, args);
  if (answer.isError) throw new Error(`${name} failed: ${answer.content[0]?.text}`);
  expect(JSON.parse(answer.content[0]?.text ?? '{}')).toEqual(answer.structuredContent);
  return answer.structuredContent;
}
