import { gunzipSync } from 'node:zlib';
import { readBody, startLoopbackServer, type LoopbackServer } from './http-server.js';

/** One span as an OTLP receiver sees it; ids in lowercase hex, `parentSpanId` '' for a root. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  /** The resource's `service.name`. */
  service: string;
  attributes: Record<string, string | number | boolean>;
}

export interface OtlpReceiver extends LoopbackServer {
  spans: ReceivedSpan[];
  /** Content types of the export requests received (what the exporter really sends). */
  contentTypes: string[];
}

// OTLP/HTTP (opentelemetry-proto, collector/trace/v1/trace_service.proto and trace/v1/trace.proto):
// ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1 }
// ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2 }
// Resource { repeated KeyValue attributes = 1 }   ScopeSpans { repeated Span spans = 2 }
// Span { bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; SpanKind kind = 6; repeated KeyValue attributes = 9 }
// KeyValue { string key = 1; AnyValue value = 2 }
// AnyValue { string_value = 1; bool_value = 2; int64 int_value = 3; double double_value = 4; … }

type Field = { number: number; wire: number; value: bigint | Buffer };

/** The fields of one protobuf message, in order (wire types 0, 1, 2 and 5). */
function fields(buffer: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buffer[at++];
      if (byte === undefined) throw new Error('truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
    }
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const number = key >> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ number, wire, value: varint() });
    else if (wire === 1) {
      out.push({ number, wire, value: buffer.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 5) {
      out.push({ number, wire, value: buffer.subarray(at, at + 4) });
      at += 4;
    } else if (wire === 2) {
      const length = Number(varint());
      out.push({ number, wire, value: buffer.subarray(at, at + length) });
      at += length;
    } else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

const messages = (buffer: Buffer, number: number) =>
  fields(buffer)
    .filter((field) => field.number === number)
    .map((field) => field.value as Buffer);

function anyValue(buffer: Buffer): string | number | boolean {
  const [field] = fields(buffer);
  if (!field) return '';
  if (field.number === 1) return (field.value as Buffer).toString('utf8');
  if (field.number === 2) return field.value === 1n;
  if (field.number === 3) return Number(BigInt.asIntN(64, field.value as bigint));
  if (field.number === 4) return (field.value as Buffer).readDoubleLE(0);
  return '';
}

function attributes(buffer: Buffer, number: number): Record<string, string | number | boolean> {
  return Object.fromEntries(messages(buffer, number).map((keyValue) => [messages(keyValue, 1)[0]?.toString('utf8') ?? '', anyValue(messages(keyValue, 2)[0] ?? Buffer.alloc(0))]));
}

function decodeProtobuf(body: Buffer): ReceivedSpan[] {
  return messages(body, 1).flatMap((resourceSpans) => {
    const service = String(attributes(messages(resourceSpans, 1)[0] ?? Buffer.alloc(0), 1)['service.name'] ?? '');
    return messages(resourceSpans, 2).flatMap((scopeSpans) =>
      messages(scopeSpans, 2).map((span) => {
        const all = fields(span);
        const bytes = (n: number) => (all.find((field) => field.number === n)?.value as Buffer | undefined)?.toString('hex') ?? '';
        return {
          traceId: bytes(1),
          spanId: bytes(2),
          parentSpanId: bytes(4),
          name: (all.find((field) => field.number === 5)?.value as Buffer | undefined)?.toString('utf8') ?? '',
          kind: Number(all.find((field) => field.number === 6)?.value ?? 0n),
          service,
          attributes: attributes(span, 9),
        };
      }),
    );
  });
}

type JsonValue = { stringValue?: string; boolValue?: boolean; intValue?: string | number; doubleValue?: number };
type JsonAttributes = Array<{ key: string; value: JsonValue }>;
const jsonAttributes = (list: JsonAttributes = []) =>
  Object.fromEntries(
    list.map(({ key, value }) => [key, value.stringValue ?? value.boolValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? ''))]),
  );

/** The part of an OTLP/JSON export request the tests read; every field may be absent (the JSON mapping omits defaults). */
interface JsonExportRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: JsonAttributes };
    scopeSpans?: Array<{
      spans?: Array<{ traceId?: string; spanId?: string; parentSpanId?: string; name?: string; kind?: number; attributes?: JsonAttributes }>;
    }>;
  }>;
}

/** OTLP/JSON: the same messages, ids as hex strings, enums as numbers (the OTLP specification's JSON mapping). */
function decodeJson(body: Buffer): ReceivedSpan[] {
  const request = JSON.parse(body.toString('utf8')) as JsonExportRequest;
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = String(jsonAttributes(resourceSpans.resource?.attributes)['service.name'] ?? '');
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: String(span.traceId ?? '').toLowerCase(),
        spanId: String(span.spanId ?? '').toLowerCase(),
        parentSpanId: String(span.parentSpanId ?? '').toLowerCase(),
        name: span.name ?? '',
        kind: Number(span.kind ?? 0),
        service,
        attributes: jsonAttributes(span.attributes),
      })),
    );
  });
}

/**
 * An OpenTelemetry collector's OTLP/HTTP receiver on loopback: POST /v1/traces in
 * binary protobuf (`application/x-protobuf`, what the Node exporter sends by default)
 * or JSON, gzip or not, decoded from the OTLP wire format; /v1/metrics and /v1/logs
 * are accepted and dropped. Answers 200 with an empty ExportTraceServiceResponse.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const contentTypes: string[] = [];
  const server = await startLoopbackServer(async (req, res) => {
    let body = await readBody(req);
    if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
    const type =
      String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim() ?? '';
    if (req.method === 'POST' && req.url === '/v1/traces') {
      contentTypes.push(type);
      spans.push(...(type === 'application/json' ? decodeJson(body) : decodeProtobuf(body)));
    }
    if (type === 'application/json') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
  return Object.assign(server, { spans, contentTypes });
}
