import { useState } from 'react';
import { Link } from 'react-router';
import { CodeBlock } from '../components/code-block.js';
import { CopyButton } from '../components/copy-button.js';
import { PageHeading } from '../components/layout.js';
import { useTitle } from '../components/use-title.js';
import { useSignedIn } from '../session.js';
import { CreateKeyDialog } from './create-key-dialog.js';

/** The configuration most MCP clients take (docs/mcp.md): Streamable HTTP with the key in a header. */
export function clientConfiguration(mcpUrl: string, apiKey: string): string {
  return JSON.stringify({ mcpServers: { lps: { type: 'streamable-http', url: mcpUrl, headers: { Authorization: `Bearer ${apiKey}` } } } }, null, 2);
}

/** Where a chat client finds lps's tools, and a key made for it (shown inside the configuration, once). */
export default function McpPage() {
  useTitle('MCP');
  const session = useSignedIn();
  const [creating, setCreating] = useState(false);
  const placeholder = clientConfiguration(session.mcp_url, 'lps_… (your key)');

  return (
    <>
      <PageHeading
        actions={
          <button type="button" className="button primary" onClick={() => setCreating(true)}>
            Create a key for MCP
          </button>
        }
      >
        MCP
      </PageHeading>
      <p className="lead">lps serves a Model Context Protocol server, so chat clients and agents can write, schedule and publish your posts with the same rules as the API.</p>
      <section aria-labelledby="mcp-url" className="card">
        <h2 id="mcp-url">Server URL</h2>
        <p>
          <code className="break-anywhere">{session.mcp_url}</code>
        </p>
        <CopyButton text={session.mcp_url} label="Copy server URL" />
      </section>
      <section aria-labelledby="mcp-config" className="card">
        <h2 id="mcp-config">Client configuration</h2>
        <p>
          Add this to your MCP client’s settings and put an API key in place of the placeholder. A key with <strong>No publishing</strong> access lets an agent draft while you keep
          the publish button.
        </p>
        <CodeBlock label="MCP client configuration">{placeholder}</CodeBlock>
        <CopyButton text={placeholder} label="Copy configuration" />
        <p className="hint">
          Keys are managed on <Link to="/developer/keys">API keys</Link>.
        </p>
      </section>
      <CreateKeyDialog
        open={creating}
        defaultName="MCP client"
        onClose={() => setCreating(false)}
        onCreated={() => undefined}
        usage={(apiKey) => (
          <>
            <p>Your client configuration with this key:</p>
            <CodeBlock label="MCP client configuration with the new key">{clientConfiguration(session.mcp_url, apiKey)}</CodeBlock>
            <CopyButton text={clientConfiguration(session.mcp_url, apiKey)} label="Copy configuration with key" />
          </>
        )}
      />
    </>
  );
}
