import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted model server on 127.0.0.1 that speaks just enough of the Anthropic Messages API
 * (streaming SSE and plain JSON) and the OpenAI Responses API (streaming SSE) to answer every
 * request with one fixed text. It records each request so tests can assert what the CLI sent.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  body: string;
}

export interface FakeModelServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function sse(res: ServerResponse, events: { event: string; data: unknown }[]): void {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  for (const { event, data } of events) {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
  res.end();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

let counter = 0;

function anthropicMessage(
  res: ServerResponse,
  request: { model?: string; stream?: boolean },
  answer: string,
) {
  const id = `msg_fake_${++counter}`;
  const model = request.model ?? "claude-fake";
  const usage = {
    input_tokens: 42,
    output_tokens: 7,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  if (!request.stream) {
    json(res, 200, {
      id,
      type: "message",
      role: "assistant",
      model,
      content: [{ type: "text", text: answer }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage,
    });
    return;
  }
  sse(res, [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: {
          id,
          type: "message",
          role: "assistant",
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
    },
    {
      event: "content_block_start",
      data: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    },
    {
      event: "content_block_delta",
      data: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: answer } },
    },
    { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
    {
      event: "message_delta",
      data: {
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null },
        usage: { output_tokens: 7 },
      },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  ]);
}

function openaiResponse(res: ServerResponse, request: { model?: string }, answer: string) {
  const id = `resp_fake_${++counter}`;
  const item = {
    type: "message",
    id: `msg_fake_${counter}`,
    status: "completed",
    role: "assistant",
    content: [{ type: "output_text", text: answer, annotations: [] }],
  };
  const response = {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: "completed",
    model: request.model ?? "fake-model",
    output: [item],
    usage: {
      input_tokens: 42,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 7,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 49,
    },
  };
  sse(res, [
    {
      event: "response.created",
      data: {
        type: "response.created",
        response: { ...response, status: "in_progress", output: [] },
      },
    },
    {
      event: "response.output_item.added",
      data: {
        type: "response.output_item.added",
        output_index: 0,
        item: { ...item, status: "in_progress", content: [] },
      },
    },
    {
      event: "response.output_text.delta",
      data: {
        type: "response.output_text.delta",
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        delta: answer,
      },
    },
    {
      event: "response.output_item.done",
      data: { type: "response.output_item.done", output_index: 0, item },
    },
    { event: "response.completed", data: { type: "response.completed", response } },
  ]);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeModelServer(answer: string): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? "/").split("?")[0]!;
    requests.push({ method: req.method ?? "GET", path, body });
    let parsed: { model?: string; stream?: boolean } = {};
    try {
      parsed = body ? JSON.parse(body) : {};
    } catch {
      // not JSON: answered below by path alone
    }
    if (req.method === "POST" && path.endsWith("/messages/count_tokens")) {
      json(res, 200, { input_tokens: 42 });
    } else if (req.method === "POST" && path.endsWith("/messages")) {
      anthropicMessage(res, parsed, answer);
    } else if (req.method === "POST" && path.endsWith("/responses")) {
      openaiResponse(res, parsed, answer);
    } else if (req.method === "GET" && path.endsWith("/models")) {
      json(res, 200, { object: "list", data: [], models: [] });
    } else {
      json(res, 404, {
        error: { type: "not_found", message: `fake server: no ${req.method} ${path}` },
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
