#pragma once

#include "mcp/McpToolRegistry.h"

/**
 * The refund tool's two MCP tools, as `tools/list` shows them and with the checks their
 * arguments get before anything runs:
 *
 *  - `issue_refund` {order_id, amount_cents > 0, request_ref?}: one tool call of RefundTool
 *    (SPEC section 3); structuredContent is the R8 object. Every R8 status is a normal result
 *    (isError false); only malformed arguments are errors (-32602, nothing written).
 *    Annotations: destructiveHint, idempotentHint, openWorldHint.
 *  - `refund_status` {operation_id} or {order_id, amount_cents, request_ref?}, language?:
 *    read-only (readOnlyHint): the operation's status and the R19 customer message draft.
 *
 * No oneOf/anyOf at the top of an inputSchema: some model APIs refuse tool schemas that have
 * them, so refund_status states its two shapes in words and the validator enforces them.
 */
namespace RefundMcpTools {

/** Adds issue_refund and refund_status (descriptions, schemas, annotations, validators) to registry. */
void addTo(McpToolRegistry& registry);

/** The `instructions` of the initialize result: the contract in two sentences. */
QString serverInstructions();

/** Largest amount_cents accepted (the CLI's bound). */
constexpr qint64 kMaxAmountCents = 999'999'999'999LL;
/** Longest order_id and operation_id accepted (the CLI's bound). */
constexpr int kMaxIdLength = 200;

} // namespace RefundMcpTools
