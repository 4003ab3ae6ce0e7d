// The official TypeScript MCP SDK (@modelcontextprotocol/sdk) as the agent's client of
// `refund-tool mcp` over stdio (issue 13), against a fresh sandbox provider. Exactly-once is
// counted at the provider (R23): the sandbox's refunds per payment intent and its refund list.
//   node mcp-sdk-check.js REFUND_TOOL_BIN WORK_DIR SANDBOX_URL DATABASE_URL
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const { McpError, LATEST_PROTOCOL_VERSION } = require('@modelcontextprotocol/sdk/types.js');
const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const [tool, work, sandboxUrl, db] = process.argv.slice(2);
const engine = db.startsWith('sqlite:') ? 'sqlite' : 'postgresql';
const base = sandboxUrl.replace(/\/$/, '');
let passed = 0;
const check = (cond, what) => {
  if (!cond) throw new Error(what);
  passed++;
};
const cli = (...args) => execFileSync(tool, args, { env: { ...process.env, REFUND_LOG_FILE: path.join(work, 'cli.log') } }).toString();
const sandbox = async (p, body) => {
  const r = await fetch(base + p, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  return r.json();
};
const refundsOf = async (pi) => {
  const r = await fetch(`${base}/v1/refunds?payment_intent=${pi}&limit=100`, { headers: { Authorization: 'Bearer rk_test_sandbox' } });
  return (await r.json()).data;
};
const order = async (id, amount) => {
  const pi = await sandbox('/_sandbox/payment_intents', { amount, currency: 'usd', metadata: { order_id: id } });
  cli('order', 'add', '--db', db, '--order', id, '--amount-cents', String(amount), '--currency', 'usd', '--payment-intent', pi.id);
  return pi.id;
};
const expectInvalidParams = async (client, args, field) => {
  try {
    await client.callTool({ name: 'issue_refund', arguments: args });
  } catch (e) {
    check(e instanceof McpError && e.code === -32602, `malformed ${JSON.stringify(args)}: ${e.code} ${e.message}`);
    check(e.message.includes(field), `malformed ${JSON.stringify(args)}: message names ${field}: ${e.message}`);
    return;
  }
  throw new Error(`malformed arguments accepted: ${JSON.stringify(args)}`);
};

(async () => {
  cli('db', 'migrate', '--db', db);
  const pi4417 = await order('4417', 3800);
  const piC8 = await order('c8', 2500);
  await order('m1', 1000);

  // A configuration that cannot work exits 2 before the first message, stdout left empty.
  for (const [key, why] of [['', 'no key'], ['rk_test_sandbox', 'read-only key'], ['pk_test_x', 'publishable key']]) {
    const r = spawnSync(tool, ['mcp', '--db', db, '--provider-url', base], {
      input: '', env: { ...process.env, PROVIDER_API_KEY: key, REFUND_LOG_FILE: path.join(work, 'cli.log') } });
    check(r.status === 2 && r.stdout.length === 0 && /PROVIDER_API_KEY/.test(r.stderr), `${why}: exit ${r.status}`);
  }

  const transport = new StdioClientTransport({
    command: tool,
    args: ['mcp', '--db', db, '--provider-url', base, '--workers', '8'],
    env: { ...process.env, PROVIDER_API_KEY: 'sk_test_sandbox', REFUND_LOG_FILE: path.join(work, 'mcp.log') },
    stderr: 'pipe',
  });
  let serverLog = '';
  transport.stderr.on('data', (d) => (serverLog += d));
  const client = new Client({ name: 'refund-ops-sdk-check', version: '1.0.0' });
  try {
    await client.connect(transport);
    check(client.getServerVersion().name === 'refund-tool', 'serverInfo.name');
    check(client.getServerCapabilities().tools !== undefined, 'tools capability');
    check(LATEST_PROTOCOL_VERSION === '2025-11-25', 'the SDK asks for 2025-11-25 (the server answers it)');

    // tools/list: names, schemas and annotations as the issue says.
    const { tools } = await client.listTools();
    const issue = tools.find((t) => t.name === 'issue_refund');
    const status = tools.find((t) => t.name === 'refund_status');
    check(issue && status && tools.length === 2, 'two tools');
    check(issue.annotations.destructiveHint === true && issue.annotations.idempotentHint === true && issue.annotations.openWorldHint === true,
          'issue_refund annotations');
    check(status.annotations.readOnlyHint === true, 'refund_status is read-only');
    check(JSON.stringify(issue.inputSchema.required) === '["order_id","amount_cents"]', 'issue_refund required');
    check(issue.inputSchema.properties.amount_cents.type === 'integer' && issue.inputSchema.properties.amount_cents.minimum === 1,
          'amount_cents integer > 0');
    check(issue.inputSchema.properties.request_ref.type === 'string', 'request_ref optional string');
    check(issue.outputSchema.properties.status.enum.join() === 'refunded,unconfirmed,checking,failed,rejected', 'R8 statuses');
    check(/same order/.test(issue.description) && /checking/.test(issue.description) && /Never say the refund succeeded or failed/.test(issue.description),
          'issue_refund description teaches the contract');
    check(status.outputSchema && status.outputSchema.properties.customer_message, 'refund_status outputSchema');

    // SPEC section 8: six dropped answers. toolu_01 -> unconfirmed, "try again" -> checking; one refund.
    await sandbox('/_sandbox/faults', { method: 'POST', path: '/v1/refunds', fault: 'drop_after_commit', count: 6 });
    const postsBefore = (await sandbox('/_sandbox/stats')).refund_posts_total;
    const first = await client.callTool({ name: 'issue_refund', arguments: { order_id: '4417', amount_cents: 3800 } });
    check(first.isError === false && first.structuredContent.status === 'unconfirmed', 'first call unconfirmed: ' + JSON.stringify(first));
    check(JSON.parse(first.content[0].text).status === 'unconfirmed', 'text content is the same JSON');
    const second = await client.callTool({ name: 'issue_refund', arguments: { order_id: '4417', amount_cents: 3800 } });
    check(second.isError === false && second.structuredContent.status === 'checking', 'second call checking: ' + JSON.stringify(second));
    check(second.structuredContent.operation_id === first.structuredContent.operation_id, 'the same operation');
    check(second.structuredContent.note === 'Outcome unknown. A person is checking. Do not say the refund succeeded or failed.', 'R8 note');
    const stats8 = await sandbox('/_sandbox/stats');
    check(stats8.refunds_by_payment_intent[pi4417] === 1, 'SPEC 8: exactly one refund at the provider');
    check(stats8.refund_posts_total - postsBefore === 6, 'SPEC 8: six requests');
    const listed = await refundsOf(pi4417);
    check(listed.length === 1 && listed[0].metadata.operation_id === first.structuredContent.operation_id, 'the refund names the operation');
    const third = await client.callTool({ name: 'issue_refund', arguments: { order_id: '4417', amount_cents: 3800 } });
    check(third.structuredContent.status === 'checking' && (await sandbox('/_sandbox/stats')).refund_posts_total === stats8.refund_posts_total,
          'an unknown row sends nothing');
    const st = await client.callTool({ name: 'refund_status', arguments: { operation_id: first.structuredContent.operation_id, language: 'ru' } });
    check(st.structuredContent.found === true && st.structuredContent.status === 'unknown', 'refund_status unknown');
    check(/[а-яА-Я]/.test(st.structuredContent.customer_message), 'R19 draft in Russian');

    // 8 concurrent issue_refund calls for one logical refund: one refund at the provider.
    cli('settings', 'set', 'max_attempts_per_operation', '24', '--db', db);
    const calls = await Promise.all(
      Array.from({ length: 8 }, () => client.callTool({ name: 'issue_refund', arguments: { order_id: 'c8', amount_cents: 2500 } })));
    const statuses = calls.map((c) => c.structuredContent.status);
    check(statuses.every((s) => s === 'refunded'), '8 concurrent: ' + statuses.join());
    check(new Set(calls.map((c) => c.structuredContent.refund_id)).size === 1, '8 concurrent: one refund id');
    const statsC8 = await sandbox('/_sandbox/stats');
    check(statsC8.refunds_by_payment_intent[piC8] === 1, '8 concurrent: exactly one refund at the provider');
    check((await refundsOf(piC8)).length === 1, '8 concurrent: one refund listed');
    const byRef = await client.callTool({ name: 'refund_status', arguments: { order_id: 'c8', amount_cents: 2500 } });
    check(byRef.structuredContent.status === 'refunded' && byRef.structuredContent.refund_id === calls[0].structuredContent.refund_id,
          'refund_status refunded');
    check(byRef.structuredContent.customer_message.includes(calls[0].structuredContent.refund_id), 'R19 draft names the refund');

    // Malformed arguments: JSON-RPC errors, nothing written, nothing sent.
    const postsMal = (await sandbox('/_sandbox/stats')).refund_posts_total;
    await expectInvalidParams(client, { order_id: 'm1', amount_cents: '1000' }, 'amount_cents');
    await expectInvalidParams(client, { order_id: 'm1', amount_cents: -5 }, 'amount_cents');
    await expectInvalidParams(client, { order_id: 'm1', amount_cents: 10.5 }, 'amount_cents');
    await expectInvalidParams(client, { amount_cents: 1000 }, 'order_id');
    await expectInvalidParams(client, { order_id: 'm1', amount_cents: 1000, idempotency_key: 'mine' }, 'idempotency_key');
    await expectInvalidParams(client, { order_id: 'nope', amount_cents: 1000 }, 'order_id');
    check((await sandbox('/_sandbox/stats')).refund_posts_total === postsMal, 'malformed calls sent nothing');
    const none = await client.callTool({ name: 'refund_status', arguments: { order_id: 'm1', amount_cents: 1000 } });
    check(none.structuredContent.found === false, 'malformed calls wrote no operation');
    const history = JSON.parse(cli('history', 'stats', '--db', db, '--from', '2000-01-01', '--to', '2100-01-01'));
    // R12: 3 calls for 4417 and 8 for c8 are logged; the malformed ones left no row at all.
    check(history.operations === 2 && history.tool_calls === 11, 'operations and tool calls: ' + JSON.stringify(history));
  } finally {
    await client.close();
  }
  console.log(`${engine}: @modelcontextprotocol/sdk ${JSON.parse(fs.readFileSync(path.join(process.env.NODE_PATH, '@modelcontextprotocol/sdk/package.json'))).version}: ${passed} passed, 0 failed`);
})().catch((e) => {
  console.error('FAILED:', e.message || e);
  process.exit(1);
});
