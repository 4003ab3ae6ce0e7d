<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CheckUnknownDialog</name>
    <message>
        <source>Check all unknown operations</source>
        <translation>Check all unknown operations</translation>
    </message>
    <message>
        <source>Looks every unknown operation up at the provider (read-only) and proposes a resolution. Nothing is resolved until you tick rows, write a note and press &quot;Resolve selected&quot;.</source>
        <translation>Looks every unknown operation up at the provider (read-only) and proposes a resolution. Nothing is resolved until you tick rows, write a note and press &quot;Resolve selected&quot;.</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Not started.</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v of %m</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Note for the audit log (required), e.g. Checked with Check all unknown; evidence attached per row.</source>
        <translation>Note for the audit log (required), e.g. Checked with Check all unknown; evidence attached per row.</translation>
    </message>
    <message>
        <source>Select all proposals</source>
        <translation>Select all proposals</translation>
    </message>
    <message>
        <source>Resolve selected</source>
        <translation>Resolve selected</translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation>Canceling…</translation>
    </message>
    <message>
        <source>Reading the unknown operations…</source>
        <translation>Reading the unknown operations…</translation>
    </message>
    <message>
        <source>There are no unknown operations.</source>
        <translation>There are no unknown operations.</translation>
    </message>
    <message numerus="yes">
        <source>Looking up %n unknown operation(s), %1 at a time…</source>
        <translation>
            <numerusform>Looking up %n unknown operation(s), %1 at a time…</numerusform>
            <numerusform>Looking up %n unknown operation(s), %1 at a time…</numerusform>
        </translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Check again</translation>
    </message>
    <message>
        <source>Could not start: %1</source>
        <translation>Could not start: %1</translation>
    </message>
    <message>
        <source>Canceled after %1 of %2. Rows not looked up propose nothing.</source>
        <translation>Canceled after %1 of %2. Rows not looked up propose nothing.</translation>
    </message>
    <message numerus="yes">
        <source>Done: %1 looked up, %n with a proposal.</source>
        <translation>
            <numerusform>Done: %1 looked up, %n with a proposal.</numerusform>
            <numerusform>Done: %1 looked up, %n with a proposal.</numerusform>
        </translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation>The operation database cannot be opened: %1</translation>
    </message>
    <message>
        <source>Resolve selected (%1)</source>
        <translation>Resolve selected (%1)</translation>
    </message>
    <message>
        <source>Tick the rows to resolve.</source>
        <translation>Tick the rows to resolve.</translation>
    </message>
    <message>
        <source>Write a note for the audit log.</source>
        <translation>Write a note for the audit log.</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Note:</translation>
    </message>
    <message>
        <source>Resolving: %1 of %2 done…</source>
        <translation>Resolving: %1 of %2 done…</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n s</numerusform>
            <numerusform>%n s</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/s · about %2 left</source>
        <translation>%1/s · about %2 left</translation>
    </message>
    <message>
        <source>Resolving canceled: %1 of %2 written.</source>
        <translation>Resolving canceled: %1 of %2 written.</translation>
    </message>
    <message>
        <source>Resolved %1 of %2 selected.</source>
        <translation>Resolved %1 of %2 selected.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
</context>
<context>
    <name>ClaimChecker</name>
    <message>
        <source>claims success</source>
        <translation>claims success</translation>
    </message>
    <message>
        <source>claims failure</source>
        <translation>claims failure</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <source>The password may also come from PGPASSWORD. It is never saved.</source>
        <translation>The password may also come from PGPASSWORD. It is never saved.</translation>
    </message>
    <message>
        <source>rk_… restricted read-only key (leave empty to use PROVIDER_API_KEY or the keychain)</source>
        <translation>rk_… restricted read-only key (leave empty to use PROVIDER_API_KEY or the keychain)</translation>
    </message>
    <message>
        <source>Remember the key in the system keychain</source>
        <translation>Remember the key in the system keychain</translation>
    </message>
    <message>
        <source>Operation database:</source>
        <translation>Operation database:</translation>
    </message>
    <message>
        <source>Provider URL:</source>
        <translation>Provider URL:</translation>
    </message>
    <message>
        <source>Provider read key:</source>
        <translation>Provider read key:</translation>
    </message>
    <message>
        <source>Database URL: %1</source>
        <translation>Database URL: %1</translation>
    </message>
    <message>
        <source>This is a write key (sk_…). The console only reads from the provider and will not use it: create a restricted read-only key (rk_…).</source>
        <translation>This is a write key (sk_…). The console only reads from the provider and will not use it: create a restricted read-only key (rk_…).</translation>
    </message>
    <message>
        <source>required</source>
        <translation>required</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>ConsoleStartup</name>
    <message>
        <source>Creating the demo…</source>
        <translation>Creating the demo…</translation>
    </message>
    <message>
        <source>Starting a sandbox payment provider and running the refund tool through real scenarios. This takes a few seconds.</source>
        <translation>Starting a sandbox payment provider and running the refund tool through real scenarios. This takes a few seconds.</translation>
    </message>
    <message>
        <source>The demo could not be created.</source>
        <translation>The demo could not be created.</translation>
    </message>
    <message>
        <source>%1. Check that sandbox-provider is installed next to refund-console or on PATH.</source>
        <translation>%1. Check that sandbox-provider is installed next to refund-console or on PATH.</translation>
    </message>
    <message>
        <source>demo sandbox</source>
        <translation>demo sandbox</translation>
    </message>
    <message>
        <source>No database configured.</source>
        <translation>No database configured.</translation>
    </message>
    <message>
        <source>Use File › Connect, or start with --db postgresql://user@host/db, --db sqlite:/path/ops.db or --demo.</source>
        <translation>Use File › Connect, or start with --db postgresql://user@host/db, --db sqlite:/path/ops.db or --demo.</translation>
    </message>
</context>
<context>
    <name>CustomerMessageDialog</name>
    <message>
        <source>Nobody knows yet whether this refund went through. The message must not say that it succeeded or failed.</source>
        <translation>Nobody knows yet whether this refund went through. The message must not say that it succeeded or failed.</translation>
    </message>
    <message>
        <source>The provider confirmed the refund. The message names the amount and the provider reference.</source>
        <translation>The provider confirmed the refund. The message names the amount and the provider reference.</translation>
    </message>
    <message>
        <source>No refund was made. The message says so honestly and gives the next step.</source>
        <translation>No refund was made. The message says so honestly and gives the next step.</translation>
    </message>
    <message>
        <source>Customer message — order %1</source>
        <translation>Customer message — order %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · order %2 · %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · order %2 · %3</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Language:</translation>
    </message>
    <message>
        <source>Changing the language replaces the text with that language&apos;s draft (Ctrl+Z brings your edits back).</source>
        <translation>Changing the language replaces the text with that language&apos;s draft (Ctrl+Z brings your edits back).</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>Keep editing</translation>
    </message>
    <message>
        <source>Copy anyway</source>
        <translation>Copy anyway</translation>
    </message>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation>&amp;Copy to clipboard</translation>
    </message>
    <message>
        <source>Reset draft</source>
        <translation>Reset draft</translation>
    </message>
    <message>
        <source>✓ The text does not claim that the refund succeeded or failed.</source>
        <translation>✓ The text does not claim that the refund succeeded or failed.</translation>
    </message>
    <message>
        <source>✓ The text does not contradict the operation&apos;s status.</source>
        <translation>✓ The text does not contradict the operation&apos;s status.</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n phrase(s) state an outcome nobody has confirmed: %1</source>
        <translation>
            <numerusform>⚠ %n phrase(s) state an outcome nobody has confirmed: %1</numerusform>
            <numerusform>⚠ %n phrase(s) state an outcome nobody has confirmed: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; Nobody knows yet whether this refund went through, but the text says:</source>
        <translation>&lt;b&gt;Not copied.&lt;/b&gt; Nobody knows yet whether this refund went through, but the text says:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; The text contradicts the operation&apos;s status:</source>
        <translation>&lt;b&gt;Not copied.&lt;/b&gt; The text contradicts the operation&apos;s status:</translation>
    </message>
    <message>
        <source>Edit those phrases, or copy anyway if you are sure the customer should read this.</source>
        <translation>Edit those phrases, or copy anyway if you are sure the customer should read this.</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Copied to the clipboard.</translation>
    </message>
    <message>
        <source>The provider confirmed the refund, then reported that it failed: the money did not reach the customer. The message says so and gives the next step.</source>
        <translation>The provider confirmed the refund, then reported that it failed: the money did not reach the customer. The message says so and gives the next step.</translation>
    </message>
    <message>
        <source>Discard the edited message?</source>
        <translation>Discard the edited message?</translation>
    </message>
    <message>
        <source>The message was edited and not copied. Close and lose the edits?</source>
        <translation>The message was edited and not copied. Close and lose the edits?</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Discard</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
</context>
<context>
    <name>DetailPanel</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Started (UTC)</source>
        <translation>Started (UTC)</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>Local</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Outcome</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Provider request</source>
        <translation>Provider request</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Replayed</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Tool call</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Took</translation>
    </message>
    <message>
        <source>Mapped to the operation</source>
        <translation>Mapped to the operation</translation>
    </message>
    <message>
        <source>Returned</source>
        <translation>Returned</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>When (UTC)</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Actor</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Role</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Action</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Tool calls</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Audit log</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Idempotency key</translation>
    </message>
    <message>
        <source>Key expires</source>
        <translation>Key expires</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>First attempt</source>
        <translation>First attempt</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Last attempt</translation>
    </message>
    <message>
        <source>Why unknown</source>
        <translation>Why unknown</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Provider refund</translation>
    </message>
    <message>
        <source>Provider status</source>
        <translation>Provider status</translation>
    </message>
    <message>
        <source>Failure code</source>
        <translation>Failure code</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Closed</translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation>Resolved by</translation>
    </message>
    <message>
        <source>Resolution note</source>
        <translation>Resolution note</translation>
    </message>
    <message>
        <source>Select an operation to see its attempts, tool calls and audit log.</source>
        <translation>Select an operation to see its attempts, tool calls and audit log.</translation>
    </message>
    <message>
        <source>Order %1 · %2</source>
        <translation>Order %1 · %2</translation>
    </message>
    <message>
        <source>%1  ·  %2 minor units, %3</source>
        <translation>%1  ·  %2 minor units, %3</translation>
    </message>
    <message>
        <source>%1 of %2 allowed</source>
        <translation>%1 of %2 allowed</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1 at %2</translation>
    </message>
    <message>
        <source>Attempts (%1)</source>
        <translation>Attempts (%1)</translation>
    </message>
    <message>
        <source>Tool calls (%1)</source>
        <translation>Tool calls (%1)</translation>
    </message>
    <message>
        <source>Audit log (%1)</source>
        <translation>Audit log (%1)</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <source>— (no attempt yet)</source>
        <translation>— (no attempt yet)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>replayed</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>created it (committed the key)</source>
        <translation>created it (committed the key)</translation>
    </message>
    <message>
        <source>joined the existing operation</source>
        <translation>joined the existing operation</translation>
    </message>
    <message>
        <source>Look up &amp;&amp; resolve…</source>
        <translation>Look up &amp;&amp; resolve…</translation>
    </message>
    <message>
        <source>Customer message…</source>
        <translation>Customer message…</translation>
    </message>
    <message>
        <source>Draft the honest message for the customer (Ctrl+M)</source>
        <translation>Draft the honest message for the customer (Ctrl+M)</translation>
    </message>
    <message>
        <source>Open: the refund tool may still be working on it, so it cannot be resolved yet.</source>
        <translation>Open: the refund tool may still be working on it, so it cannot be resolved yet.</translation>
    </message>
    <message>
        <source>Look the refund up at the provider and resolve it with evidence (Ctrl+L)</source>
        <translation>Look the refund up at the provider and resolve it with evidence (Ctrl+L)</translation>
    </message>
    <message>
        <source>Auto-resolved</source>
        <translation>Auto-resolved</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Reversed</translation>
    </message>
    <message>
        <source>by the reconciler (%1) at %2, from event %3 and refund %4</source>
        <translation>by the reconciler (%1) at %2, from event %3 and refund %4</translation>
    </message>
    <message>
        <source>at %1 by %2: the provider reports refund %3 failed (%4), event %5. The money did not reach the customer.</source>
        <translation>at %1 by %2: the provider reports refund %3 failed (%4), event %5. The money did not reach the customer.</translation>
    </message>
    <message>
        <source>at %1 by %2 (%3)</source>
        <translation>at %1 by %2 (%3)</translation>
    </message>
    <message>
        <source>lost the insert race, joined the winner&apos;s row</source>
        <translation>lost the insert race, joined the winner&apos;s row</translation>
    </message>
    <message>
        <source>Closed operations never change.</source>
        <translation>Closed operations never change.</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Loading %1…</translation>
    </message>
    <message numerus="yes">
        <source>Paid more than once: the provider made %n refunds (%1) for this order and amount (and request reference, if the calls named one). Its operations: %2. Nobody may refund it again; the extra money is to be recovered.</source>
        <translation>
            <numerusform>Paid more than once: the provider made %n refund (%1) for this order and amount (and request reference, if the calls named one). Its operations: %2. Nobody may refund it again; the extra money is to be recovered.</numerusform>
            <numerusform>Paid more than once: the provider made %n refunds (%1) for this order and amount (and request reference, if the calls named one). Its operations: %2. Nobody may refund it again; the extra money is to be recovered.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not check whether the provider paid this refund twice: %1</source>
        <translation>Could not check whether the provider paid this refund twice: %1</translation>
    </message>
</context>
<context>
    <name>FoundRefundTable</name>
    <message>
        <source>refund list</source>
        <translation>refund list</translation>
    </message>
    <message>
        <source>event (key)</source>
        <translation>event (key)</translation>
    </message>
    <message>
        <source>list + event</source>
        <translation>list + event</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Refund</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Created (UTC)</translation>
    </message>
    <message>
        <source>Found by</source>
        <translation>Found by</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Metadata</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Checks</translation>
    </message>
    <message>
        <source>(no status)</source>
        <translation>(no status)</translation>
    </message>
    <message>
        <source>Events: %1</source>
        <translation>Events: %1</translation>
    </message>
    <message>
        <source>✓ amount, currency, order match</source>
        <translation>✓ amount, currency, order match</translation>
    </message>
</context>
<context>
    <name>HistoryCharts</name>
    <message>
        <source>Operations per week by outcome</source>
        <translation>Operations per week by outcome</translation>
    </message>
    <message>
        <source>Operations per day by outcome</source>
        <translation>Operations per day by outcome</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Created (UTC)</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operations</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented per week</source>
        <translation>Duplicate refunds prevented per week</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented per day</source>
        <translation>Duplicate refunds prevented per day</translation>
    </message>
    <message>
        <source>Operation created (UTC)</source>
        <translation>Operation created (UTC)</translation>
    </message>
    <message>
        <source>%1 — %2 duplicates prevented</source>
        <translation>%1 — %2 duplicates prevented</translation>
    </message>
    <message>
        <source>Provider attempts per operation</source>
        <translation>Provider attempts per operation</translation>
    </message>
    <message>
        <source>Attempts (same key)</source>
        <translation>Attempts (same key)</translation>
    </message>
    <message>
        <source>Resolved operations</source>
        <translation>Resolved operations</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 d</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>under %1</source>
        <translation>under %1</translation>
    </message>
    <message>
        <source>over %1</source>
        <translation>over %1</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log scale</translation>
    </message>
    <message>
        <source>Log scale (busiest week: %1× the median)</source>
        <translation>Log scale (busiest week: %1× the median)</translation>
    </message>
    <message>
        <source>Log scale (busiest day: %1× the median)</source>
        <translation>Log scale (busiest day: %1× the median)</translation>
    </message>
    <message>
        <source>side by side, 0: no bar</source>
        <translation>side by side, 0: no bar</translation>
    </message>
    <message>
        <source>0: a gap</source>
        <translation>0: a gap</translation>
    </message>
    <message>
        <source>From created to resolved</source>
        <translation>From created to resolved</translation>
    </message>
    <message>
        <source>Calls and retries</source>
        <translation>Calls and retries</translation>
    </message>
    <message>
        <source>Time to resolve (operations a person or the reconciler resolved)</source>
        <translation>Time to resolve (operations a person or the reconciler resolved)</translation>
    </message>
</context>
<context>
    <name>HistoryStats</name>
    <message>
        <source>Operations</source>
        <translation>Operations</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Tool calls</translation>
    </message>
    <message>
        <source>Joined tool calls</source>
        <translation>Joined tool calls</translation>
    </message>
    <message>
        <source>Insert races lost</source>
        <translation>Insert races lost</translation>
    </message>
    <message>
        <source>Provider replays</source>
        <translation>Provider replays</translation>
    </message>
    <message>
        <source>Attempts beyond the first</source>
        <translation>Attempts beyond the first</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented</source>
        <translation>Duplicate refunds prevented</translation>
    </message>
    <message>
        <source>Unknown rate</source>
        <translation>Unknown rate</translation>
    </message>
    <message>
        <source>Money in unknown</source>
        <translation>Money in unknown</translation>
    </message>
    <message>
        <source>Unknown now</source>
        <translation>Unknown now</translation>
    </message>
    <message>
        <source>Money in unknown now</source>
        <translation>Money in unknown now</translation>
    </message>
    <message>
        <source>Time to resolve, median</source>
        <translation>Time to resolve, median</translation>
    </message>
    <message>
        <source>Time to resolve, p90</source>
        <translation>Time to resolve, p90</translation>
    </message>
    <message>
        <source>Settled by the reconciler</source>
        <translation>Settled by the reconciler</translation>
    </message>
    <message>
        <source>Time to settle, reconciler</source>
        <translation>Time to settle, reconciler</translation>
    </message>
    <message>
        <source>Time to settle, people</source>
        <translation>Time to settle, people</translation>
    </message>
    <message>
        <source>Reversals</source>
        <translation>Reversals</translation>
    </message>
    <message>
        <source>Money reversed</source>
        <translation>Money reversed</translation>
    </message>
    <message>
        <source>Unmatched provider events</source>
        <translation>Unmatched provider events</translation>
    </message>
    <message>
        <source>Over the operations created in the selected UTC range (and state, if one is chosen).</source>
        <translation>Over the operations created in the selected UTC range (and state, if one is chosen).</translation>
    </message>
    <message>
        <source>Logical refund operations (rows of refund_ops): one per refund, whatever the number of tool calls and attempts.</source>
        <translation>Logical refund operations (rows of refund_ops): one per refund, whatever the number of tool calls and attempts.</translation>
    </message>
    <message>
        <source>Calls of the refund tool that were mapped onto one of these operations (tool_calls with an operation). Calls rejected before any operation existed are not counted.</source>
        <translation>Calls of the refund tool that were mapped onto one of these operations (tool_calls with an operation). Calls rejected before any operation existed are not counted.</translation>
    </message>
    <message>
        <source>Tool calls that found the operation already there and reused its key instead of opening a new one (created_operation = 0), e.g. the customer&apos;s &quot;try again&quot;. Includes lost insert races.</source>
        <translation>Tool calls that found the operation already there and reused its key instead of opening a new one (created_operation = 0), e.g. the customer&apos;s &quot;try again&quot;. Includes lost insert races.</translation>
    </message>
    <message>
        <source>Tool calls that inserted at the same moment as another call, were refused by the database&apos;s unique index and read the winner&apos;s row (lost_insert_race = 1). Part of the joined calls.</source>
        <translation>Tool calls that inserted at the same moment as another call, were refused by the database&apos;s unique index and read the winner&apos;s row (lost_insert_race = 1). Part of the joined calls.</translation>
    </message>
    <message>
        <source>Provider attempts answered with a saved response (Idempotent-Replayed: true): the provider recognised the key and did not execute the refund again.</source>
        <translation>Provider attempts answered with a saved response (Idempotent-Replayed: true): the provider recognised the key and did not execute the refund again.</translation>
    </message>
    <message>
        <source>Retries: the sum of (attempts - 1) over operations with at least one attempt. Every retry sent the operation&apos;s stored key.</source>
        <translation>Retries: the sum of (attempts - 1) over operations with at least one attempt. Every retry sent the operation&apos;s stored key.</translation>
    </message>
    <message>
        <source>Calls and retries that reused a key or were answered from a refunded operation: tool calls that joined an existing operation instead of opening a new one (answered-from-refunded calls, where nothing was sent, and lost insert races are among them) plus attempts beyond the first (every retry sent the operation&apos;s stored key). Each is a request that, with a fresh key, could have become a second refund. It counts requests, not operations, so it can exceed the number of operations. They were prevented only while refunds per logical refund stays at most 1; the History tab flags the figure otherwise. Per day: by the UTC day the operation was created.</source>
        <translation>Calls and retries that reused a key or were answered from a refunded operation: tool calls that joined an existing operation instead of opening a new one (answered-from-refunded calls, where nothing was sent, and lost insert races are among them) plus attempts beyond the first (every retry sent the operation&apos;s stored key). Each is a request that, with a fresh key, could have become a second refund. It counts requests, not operations, so it can exceed the number of operations. They were prevented only while refunds per logical refund stays at most 1; the History tab flags the figure otherwise. Per day: by the UTC day the operation was created.</translation>
    </message>
    <message>
        <source>Operations whose status is now unknown, divided by all operations: outcomes nobody could confirm yet, waiting for a reviewer.</source>
        <translation>Operations whose status is now unknown, divided by all operations: outcomes nobody could confirm yet, waiting for a reviewer.</translation>
    </message>
    <message>
        <source>Sum of the amounts of operations now unknown, per currency, in major units: money that may or may not have been refunded.</source>
        <translation>Sum of the amounts of operations now unknown, per currency, in major units: money that may or may not have been refunded.</translation>
    </message>
    <message>
        <source>Operations whose status is unknown right now, whatever day they were created and whatever state is chosen: everything waiting for a reviewer. Not limited to the selected range.</source>
        <translation>Operations whose status is unknown right now, whatever day they were created and whatever state is chosen: everything waiting for a reviewer. Not limited to the selected range.</translation>
    </message>
    <message>
        <source>Sum of the amounts of every operation unknown right now, per currency, in major units, whatever day it was created: all the money that may or may not have been refunded. Not limited to the selected range.</source>
        <translation>Sum of the amounts of every operation unknown right now, per currency, in major units, whatever day it was created: all the money that may or may not have been refunded. Not limited to the selected range.</translation>
    </message>
    <message>
        <source>Unknown operations the reconciler resolved as refunded on the provider&apos;s own evidence (a refund event and the refund object it fetched itself), with no person involved. The reconciler never resolves an operation as failed.</source>
        <translation>Unknown operations the reconciler resolved as refunded on the provider&apos;s own evidence (a refund event and the refund object it fetched itself), with no person involved. The reconciler never resolves an operation as failed.</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over the operations the reconciler resolved (nearest-rank).</source>
        <translation>Median of resolved_at - created_at over the operations the reconciler resolved (nearest-rank).</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over the operations a person resolved, in the console or with refund-tool review (nearest-rank).</source>
        <translation>Median of resolved_at - created_at over the operations a person resolved, in the console or with refund-tool review (nearest-rank).</translation>
    </message>
    <message>
        <source>Sum of the amounts of reversed operations, per currency, in major units: refunds the customer was told about that did not reach them.</source>
        <translation>Sum of the amounts of reversed operations, per currency, in major units: refunds the customer was told about that did not reach them.</translation>
    </message>
    <message>
        <source>Provider events about refunds that no operation knows (no operation named by the refund&apos;s metadata): recorded and shown under Review &gt; Unmatched provider events, never acted on. Often refunds made outside this tool. Not limited to the selected range.</source>
        <translation>Provider events about refunds that no operation knows (no operation named by the refund&apos;s metadata): recorded and shown under Review &gt; Unmatched provider events, never acted on. Often refunds made outside this tool. Not limited to the selected range.</translation>
    </message>
    <message>
        <source>Refunds that were confirmed and that the provider reported failed later (shown as Reversed): the money went back to the merchant and the customer has nothing. A new &quot;try again&quot; may open a new operation for them.</source>
        <translation>Refunds that were confirmed and that the provider reported failed later (shown as Reversed): the money went back to the merchant and the customer has nothing. A new &quot;try again&quot; may open a new operation for them.</translation>
    </message>
    <message>
        <source>Refunds per logical refund (max)</source>
        <translation>Refunds per logical refund (max)</translation>
    </message>
    <message>
        <source>The largest number of refunds the provider made for one logical refund (the same order, amount and request reference), counted from the provider&apos;s evidence: the refund each operation was closed with and every refund the provider reported for its operations. A refund the provider reported failed later does not count; without a request reference, a call more than the repeat window after a refund is a new logical refund. Must be at most 1: anything higher is money paid twice.</source>
        <translation>The largest number of refunds the provider made for one logical refund (the same order, amount and request reference), counted from the provider&apos;s evidence: the refund each operation was closed with and every refund the provider reported for its operations. A refund the provider reported failed later does not count; without a request reference, a call more than the repeat window after a refund is a new logical refund. Must be at most 1: anything higher is money paid twice.</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank, no interpolation); Time to settle tells the two apart.</source>
        <translation>Median of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank, no interpolation); Time to settle tells the two apart.</translation>
    </message>
    <message>
        <source>90th percentile of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank): nine in ten were resolved at least this fast.</source>
        <translation>90th percentile of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank): nine in ten were resolved at least this fast.</translation>
    </message>
</context>
<context>
    <name>HistoryTab</name>
    <message>
        <source>From (UTC)</source>
        <translation>From (UTC)</translation>
    </message>
    <message>
        <source>to (UTC, inclusive)</source>
        <translation>to (UTC, inclusive)</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>All states</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Export CSV…</translation>
    </message>
    <message>
        <source>The end date is before the start date: pick a later end date.</source>
        <translation>The end date is before the start date: pick a later end date.</translation>
    </message>
    <message>
        <source>The operations table could not be read: %1</source>
        <translation>The operations table could not be read: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Computing…</translation>
    </message>
    <message>
        <source>The history could not be computed: %1</source>
        <translation>The history could not be computed: %1</translation>
    </message>
    <message>
        <source>no refunds</source>
        <translation>no refunds</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>none resolved</source>
        <translation>none resolved</translation>
    </message>
    <message>
        <source>%1 operations · computed in %2 ms</source>
        <translation>%1 operations · computed in %2 ms</translation>
    </message>
    <message>
        <source>No operations were created in this range%1.
Pick a wider date range or another state to see the duplicate-prevention history.</source>
        <translation>No operations were created in this range%1.
Pick a wider date range or another state to see the duplicate-prevention history.</translation>
    </message>
    <message>
        <source> with state %1</source>
        <translation> with state %1</translation>
    </message>
    <message>
        <source>Export history as CSV</source>
        <translation>Export history as CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV files (*.csv)</translation>
    </message>
    <message>
        <source>Exporting %1 operations…</source>
        <translation>Exporting %1 operations…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>The export could not start: %1</source>
        <translation>The export could not start: %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Cannot write %1: %2</translation>
    </message>
    <message>
        <source>The export failed, no file was written: %1</source>
        <translation>The export failed, no file was written: %1</translation>
    </message>
    <message>
        <source>Export cancelled: no file was written.</source>
        <translation>Export cancelled: no file was written.</translation>
    </message>
    <message>
        <source>Exported %1 operations to %2.</source>
        <translation>Exported %1 operations to %2.</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Last 7 days</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Last 30 days</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Last 90 days</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>All time</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>Custom range</translation>
    </message>
    <message>
        <source>No figures: the range is not valid.</source>
        <translation>No figures: the range is not valid.</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log scale</translation>
    </message>
    <message>
        <source>Order %1, %2%3: refunds %4</source>
        <translation>Order %1, %2%3: refunds %4</translation>
    </message>
    <message>
        <source>, request %1</source>
        <translation>, request %1</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>and %n more</numerusform>
            <numerusform>and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryTableModel</name>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Tool calls</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Created (UTC)</translation>
    </message>
    <message>
        <source>Closed / resolved (UTC)</source>
        <translation>Closed / resolved (UTC)</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Provider refund</translation>
    </message>
    <message>
        <source>Reason / failure code</source>
        <translation>Reason / failure code</translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation>Resolved by</translation>
    </message>
    <message>
        <source>Resolution note</source>
        <translation>Resolution note</translation>
    </message>
</context>
<context>
    <name>LogViewDialog</name>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Keys and passwords are never written.</source>
        <translation>The newest lines of this session&apos;s log. Keys and passwords are never written.</translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Older lines: %1. Keys and passwords are never written.</source>
        <translation>The newest lines of this session&apos;s log. Older lines: %1. Keys and passwords are never written.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
</context>
<context>
    <name>LookupPanel</name>
    <message>
        <source>Not looked up yet.</source>
        <translation>Not looked up yet.</translation>
    </message>
    <message>
        <source>Cancel lookup</source>
        <translation>Cancel lookup</translation>
    </message>
    <message>
        <source>Look up again</source>
        <translation>Look up again</translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation>Canceling…</translation>
    </message>
    <message>
        <source>Looking up %1 at the provider…</source>
        <translation>Looking up %1 at the provider…</translation>
    </message>
    <message>
        <source>No refund is linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation>No refund is linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</translation>
    </message>
    <message numerus="yes">
        <source>%n refund(s) linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation>
            <numerusform>%n refund(s) linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</numerusform>
            <numerusform>%n refund(s) linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Lookup canceled. What is shown is incomplete and proves nothing.</source>
        <translation>Lookup canceled. What is shown is incomplete and proves nothing.</translation>
    </message>
    <message>
        <source>Lookup incomplete: reading %1 failed.</source>
        <translation>Lookup incomplete: reading %1 failed.</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>LookupResult</name>
    <message>
        <source>The provider does not accept the read key. Check the key in PROVIDER_API_KEY or File › Connect: it must be the restricted read key (rk_…) of this provider account.</source>
        <translation>The provider does not accept the read key. Check the key in PROVIDER_API_KEY or File › Connect: it must be the restricted read key (rk_…) of this provider account.</translation>
    </message>
    <message>
        <source>The key is valid but may not read refunds or events. Ask an admin to give the restricted key read access to Refunds, Events and PaymentIntents.</source>
        <translation>The key is valid but may not read refunds or events. Ask an admin to give the restricted key read access to Refunds, Events and PaymentIntents.</translation>
    </message>
    <message>
        <source>The provider is rate limiting us even after several retries. Wait a minute and look up again; lower lookup_concurrency if it keeps happening.</source>
        <translation>The provider is rate limiting us even after several retries. Wait a minute and look up again; lower lookup_concurrency if it keeps happening.</translation>
    </message>
    <message>
        <source>The provider does not know the order&apos;s payment. Check that the console points at the same provider account (live or test) as the refund tool.</source>
        <translation>The provider does not know the order&apos;s payment. Check that the console points at the same provider account (live or test) as the refund tool.</translation>
    </message>
    <message>
        <source>The provider refused the read request. The detail names the parameter; report it to an engineer with the request id.</source>
        <translation>The provider refused the read request. The detail names the parameter; report it to an engineer with the request id.</translation>
    </message>
    <message>
        <source>The provider had an internal error. Look up again in a few minutes; check the provider&apos;s status page if it persists.</source>
        <translation>The provider had an internal error. Look up again in a few minutes; check the provider&apos;s status page if it persists.</translation>
    </message>
    <message>
        <source>The provider could not be reached. Check the network connection and the provider URL, then look up again.</source>
        <translation>The provider could not be reached. Check the network connection and the provider URL, then look up again.</translation>
    </message>
    <message>
        <source>The provider did not answer in time. Look up again; if it keeps happening raise request_timeout_ms in the settings.</source>
        <translation>The provider did not answer in time. Look up again; if it keeps happening raise request_timeout_ms in the settings.</translation>
    </message>
    <message>
        <source>The provider&apos;s answer could not be read. Check that the provider URL points at the provider&apos;s API, not a web page or proxy.</source>
        <translation>The provider&apos;s answer could not be read. Check that the provider URL points at the provider&apos;s API, not a web page or proxy.</translation>
    </message>
    <message>
        <source>The lookup was canceled. Nothing can be concluded from it.</source>
        <translation>The lookup was canceled. Nothing can be concluded from it.</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>succeeded</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>pending</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>canceled</translation>
    </message>
    <message>
        <source>requires action</source>
        <translation>requires action</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Refund operations</source>
        <translation>Refund operations</translation>
    </message>
    <message>
        <source>Provider: not configured</source>
        <translation>Provider: not configured</translation>
    </message>
    <message>
        <source>OPERATIONS</source>
        <translation>OPERATIONS</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Connect…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Refresh</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Find</translation>
    </message>
    <message>
        <source>Copy cells</source>
        <translation>Copy cells</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>&amp;About</translation>
    </message>
    <message>
        <source>About Refund operations</source>
        <translation>About Refund operations</translation>
    </message>
    <message>
        <source>&lt;b&gt;Refund operations console&lt;/b&gt; %1&lt;br&gt;Triage refunds whose outcome is unknown, review attempt and tool-call history. The console only reads from the payment provider and never sends a refund.</source>
        <translation>&lt;b&gt;Refund operations console&lt;/b&gt; %1&lt;br&gt;Triage refunds whose outcome is unknown, review attempt and tool-call history. The console only reads from the payment provider and never sends a refund.</translation>
    </message>
    <message>
        <source>typed in</source>
        <translation>typed in</translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation>system keychain</translation>
    </message>
    <message>
        <source>The key could not be saved in the system keychain (%1). It is used for this session only.</source>
        <translation>The key could not be saved in the system keychain (%1). It is used for this session only.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Loading…</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Loading</translation>
    </message>
    <message>
        <source>The database address is not valid.</source>
        <translation>The database address is not valid.</translation>
    </message>
    <message>
        <source>%1. Use File › Connect to enter postgresql://user@host/db or sqlite:/path.</source>
        <translation>%1. Use File › Connect to enter postgresql://user@host/db or sqlite:/path.</translation>
    </message>
    <message>
        <source>Refund operations — %1</source>
        <translation>Refund operations — %1</translation>
    </message>
    <message>
        <source>This database cannot be shown.</source>
        <translation>This database cannot be shown.</translation>
    </message>
    <message>
        <source>Its schema is older than this console. Run `refund-tool db migrate` on it, then press F5.</source>
        <translation>Its schema is older than this console. Run `refund-tool db migrate` on it, then press F5.</translation>
    </message>
    <message>
        <source>A write key (sk_…) was given for the provider (from %1). The console only reads from the provider and refuses to use it. Create a restricted read-only key (rk_…) and set it in PROVIDER_API_KEY or with File › Connect.</source>
        <translation>A write key (sk_…) was given for the provider (from %1). The console only reads from the provider and refuses to use it. Create a restricted read-only key (rk_…) and set it in PROVIDER_API_KEY or with File › Connect.</translation>
    </message>
    <message>
        <source>Provider: %1 — write key refused</source>
        <translation>Provider: %1 — write key refused</translation>
    </message>
    <message>
        <source>Provider: %1 — no read key (set PROVIDER_API_KEY)</source>
        <translation>Provider: %1 — no read key (set PROVIDER_API_KEY)</translation>
    </message>
    <message>
        <source>Provider: %1 — checking…</source>
        <translation>Provider: %1 — checking…</translation>
    </message>
    <message>
        <source>Read key %1 from %2</source>
        <translation>Read key %1 from %2</translation>
    </message>
    <message>
        <source>Provider: %1 — %2</source>
        <translation>Provider: %1 — %2</translation>
    </message>
    <message>
        <source>Operation %1 was not found in this database.</source>
        <translation>Operation %1 was not found in this database.</translation>
    </message>
    <message>
        <source>%1 is no longer in this list (its state changed). Use All or search for it.</source>
        <translation>%1 is no longer in this list (its state changed). Use All or search for it.</translation>
    </message>
    <message>
        <source>The database refused a query: %1. The data shown may be incomplete; press F5 to try again.</source>
        <translation>The database refused a query: %1. The data shown may be incomplete; press F5 to try again.</translation>
    </message>
    <message>
        <source>database</source>
        <translation>database</translation>
    </message>
    <message>
        <source>Check that PostgreSQL is running and reachable</source>
        <translation>Check that PostgreSQL is running and reachable</translation>
    </message>
    <message>
        <source>Check that the database file exists and is readable</source>
        <translation>Check that the database file exists and is readable</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot reach the database&lt;/b&gt; (%1 %2): %3.&lt;br&gt;%4; retrying every %5 s.</source>
        <translation>&lt;b&gt;Cannot reach the database&lt;/b&gt; (%1 %2): %3.&lt;br&gt;%4; retrying every %5 s.</translation>
    </message>
    <message>
        <source>Nothing is lost: the rows below are from %1 and may be out of date.</source>
        <translation>Nothing is lost: the rows below are from %1 and may be out of date.</translation>
    </message>
    <message>
        <source>Cannot reach the database</source>
        <translation>Cannot reach the database</translation>
    </message>
    <message>
        <source>%1 at %2. %3; retrying every %4 s.</source>
        <translation>%1 at %2. %3; retrying every %4 s.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>Nothing matches “%1”.</translation>
    </message>
    <message>
        <source>No refund operations yet.</source>
        <translation>No refund operations yet.</translation>
    </message>
    <message>
        <source>Operations appear here as soon as the refund tool handles its first call.</source>
        <translation>Operations appear here as soon as the refund tool handles its first call.</translation>
    </message>
    <message>
        <source>No open refunds — nothing is being retried.</source>
        <translation>No open refunds — nothing is being retried.</translation>
    </message>
    <message>
        <source>Open operations are the ones the refund tool may still retry.</source>
        <translation>Open operations are the ones the refund tool may still retry.</translation>
    </message>
    <message>
        <source>No unknown refunds — nothing needs checking.</source>
        <translation>No unknown refunds — nothing needs checking.</translation>
    </message>
    <message>
        <source>When the provider&apos;s answer is lost, the operation shows up here for a person to look up.</source>
        <translation>When the provider&apos;s answer is lost, the operation shows up here for a person to look up.</translation>
    </message>
    <message>
        <source>No refunded operations yet.</source>
        <translation>No refunded operations yet.</translation>
    </message>
    <message>
        <source>Refunds confirmed by the provider are listed here with their refund id.</source>
        <translation>Refunds confirmed by the provider are listed here with their refund id.</translation>
    </message>
    <message>
        <source>No failed refunds.</source>
        <translation>No failed refunds.</translation>
    </message>
    <message>
        <source>Refunds the provider refused, or that a reviewer confirmed were never made, are listed here.</source>
        <translation>Refunds the provider refused, or that a reviewer confirmed were never made, are listed here.</translation>
    </message>
    <message>
        <source>No key expires within the next hour.</source>
        <translation>No key expires within the next hour.</translation>
    </message>
    <message>
        <source>Open and unknown operations whose idempotency key is about to expire at the provider are listed here, soonest first.</source>
        <translation>Open and unknown operations whose idempotency key is about to expire at the provider are listed here, soonest first.</translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation>Nothing selected.</translation>
    </message>
    <message>
        <source>%1 · 1 operation</source>
        <translation>%1 · 1 operation</translation>
    </message>
    <message>
        <source>%1 · %2 operations</source>
        <translation>%1 · %2 operations</translation>
    </message>
    <message>
        <source>%1 of %2 rows loaded</source>
        <translation>%1 of %2 rows loaded</translation>
    </message>
    <message>
        <source>Database: not connected</source>
        <translation>Database: not connected</translation>
    </message>
    <message>
        <source>Database: %1 %2%3</source>
        <translation>Database: %1 %2%3</translation>
    </message>
    <message>
        <source> — disconnected</source>
        <translation> — disconnected</translation>
    </message>
    <message>
        <source>Role: %1 (SQLite: shapes the interface only)</source>
        <translation>Role: %1 (SQLite: shapes the interface only)</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>Role: %1</translation>
    </message>
    <message>
        <source>On PostgreSQL the database itself enforces what this role may do.</source>
        <translation>On PostgreSQL the database itself enforces what this role may do.</translation>
    </message>
    <message>
        <source>Connect a provider with a read-only key (PROVIDER_API_KEY or File › Connect) to look refunds up.</source>
        <translation>Connect a provider with a read-only key (PROVIDER_API_KEY or File › Connect) to look refunds up.</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Log</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>&amp;Review</translation>
    </message>
    <message>
        <source>Look up &amp;&amp; &amp;resolve selected…</source>
        <translation>Look up &amp;&amp; &amp;resolve selected…</translation>
    </message>
    <message>
        <source>Customer &amp;message for selected…</source>
        <translation>Customer &amp;message for selected…</translation>
    </message>
    <message>
        <source>&amp;Check all unknown…</source>
        <translation>&amp;Check all unknown…</translation>
    </message>
    <message>
        <source>Checking unknown refunds needs the provider: connect one with a read-only key (PROVIDER_API_KEY or File › Connect).</source>
        <translation>Checking unknown refunds needs the provider: connect one with a read-only key (PROVIDER_API_KEY or File › Connect).</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operations</translation>
    </message>
    <message>
        <source>History</source>
        <translation>History</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Settings</translation>
    </message>
    <message>
        <source>Duplicate-prevention history, charts and CSV export</source>
        <translation>Duplicate-prevention history, charts and CSV export</translation>
    </message>
    <message>
        <source>History is for finance and admins; your role is %1.</source>
        <translation>History is for finance and admins; your role is %1.</translation>
    </message>
    <message>
        <source>Retry budgets, backoff, timeouts and provider API version</source>
        <translation>Retry budgets, backoff, timeouts and provider API version</translation>
    </message>
    <message>
        <source>Only admins change settings; your role (%1) sees them read-only.</source>
        <translation>Only admins change settings; your role (%1) sees them read-only.</translation>
    </message>
    <message>
        <source>The database login has no refund role, so it can read nothing here. An admin can grant one: refund-tool db grant --user LOGIN --role support.</source>
        <translation>The database login has no refund role, so it can read nothing here. An admin can grant one: refund-tool db grant --user LOGIN --role support.</translation>
    </message>
    <message>
        <source>SQLite is single-user and not a security boundary: the role only decides what the console offers.</source>
        <translation>SQLite is single-user and not a security boundary: the role only decides what the console offers.</translation>
    </message>
    <message>
        <source>There is no database at %1.</source>
        <translation>There is no database at %1.</translation>
    </message>
    <message>
        <source>Check the path, or create the database with: refund-tool db migrate --db %1. File › Connect picks another one.</source>
        <translation>Check the path, or create the database with: refund-tool db migrate --db %1. File › Connect picks another one.</translation>
    </message>
    <message>
        <source>The database cannot be opened.</source>
        <translation>The database cannot be opened.</translation>
    </message>
    <message>
        <source>%1. Check that --db names an operation database, or create one with refund-tool db migrate.</source>
        <translation>%1. Check that --db names an operation database, or create one with refund-tool db migrate.</translation>
    </message>
    <message>
        <source>The provider at %1 does not answer (%2). Look-ups and resolutions wait until it does: check the URL (File › Connect) and the network. The operations below are from the database and stay current.</source>
        <translation>The provider at %1 does not answer (%2). Look-ups and resolutions wait until it does: check the URL (File › Connect) and the network. The operations below are from the database and stay current.</translation>
    </message>
    <message>
        <source>A confirmed refund was reversed: the provider reports it failed, so the money did not reach the customer. Open Reversed and send the customer the next step.</source>
        <translation>A confirmed refund was reversed: the provider reports it failed, so the money did not reach the customer. Open Reversed and send the customer the next step.</translation>
    </message>
    <message>
        <source>No reversed refunds.</source>
        <translation>No reversed refunds.</translation>
    </message>
    <message>
        <source>Refunds the provider confirmed and later reported failed are listed here; the customer needs a new refund or another way to be paid.</source>
        <translation>Refunds the provider confirmed and later reported failed are listed here; the customer needs a new refund or another way to be paid.</translation>
    </message>
    <message>
        <source>&amp;Unmatched provider events…</source>
        <translation>&amp;Unmatched provider events…</translation>
    </message>
    <message>
        <source>Open Unknown</source>
        <translation>Open Unknown</translation>
    </message>
    <message>
        <source>Open Reversed</source>
        <translation>Open Reversed</translation>
    </message>
    <message>
        <source>Refunds need a person</source>
        <translation>Refunds need a person</translation>
    </message>
    <message numerus="yes">
        <source>%n new refund(s) with an unknown outcome: nobody knows yet whether the money went back. Check them at the provider before anyone tells the customer.</source>
        <translation>
            <numerusform>%n new refund with an unknown outcome: nobody knows yet whether the money went back. Check it at the provider before anyone tells the customer.</numerusform>
            <numerusform>%n new refunds with an unknown outcome: nobody knows yet whether the money went back. Check them at the provider before anyone tells the customer.</numerusform>
        </translation>
    </message>
    <message>
        <source>A confirmed refund was reversed</source>
        <translation>A confirmed refund was reversed</translation>
    </message>
    <message>
        <source>Rows %1–%2 of %3 loaded</source>
        <translation>Rows %1–%2 of %3 loaded</translation>
    </message>
    <message>
        <source>%1 is no longer in the database.</source>
        <translation>%1 is no longer in the database.</translation>
    </message>
    <message>
        <source>The details of %1 could not be read: %2</source>
        <translation>The details of %1 could not be read: %2</translation>
    </message>
    <message>
        <source>Filter this view by created date, currency and amount</source>
        <translation>Filter this view by created date, currency and amount</translation>
    </message>
    <message>
        <source>Filters (%1)</source>
        <translation>Filters (%1)</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Filters</translation>
    </message>
    <message>
        <source>No operation in this view matches the filters.</source>
        <translation>No operation in this view matches the filters.</translation>
    </message>
    <message>
        <source>The created dates, currency and amount under Filters narrow this view only. Change them, or press Clear filters.</source>
        <translation>The created dates, currency and amount under Filters narrow this view only. Change them, or press Clear filters.</translation>
    </message>
    <message>
        <source>Search “%1”</source>
        <translation>Search “%1”</translation>
    </message>
    <message>
        <source>%1, search “%2”</source>
        <translation>%1, search “%2”</translation>
    </message>
    <message>
        <source>Search all states: order, operation, key, refund id</source>
        <translation>Search all states: order, operation, key, refund id</translation>
    </message>
    <message>
        <source>Finds a part of an order id, operation id, idempotency key or refund id in every state (three characters or more; a shorter term matches an id exactly or its start). Ctrl+F</source>
        <translation>Finds a part of an order id, operation id, idempotency key or refund id in every state (three characters or more; a shorter term matches an id exactly or its start). Ctrl+F</translation>
    </message>
    <message>
        <source>Search finds a part of an order id, operation id, idempotency key or provider refund id of three characters or more (a shorter term: an id exactly or its beginning). Check the filters, clear the search or pick All on the left.</source>
        <translation>Search finds a part of an order id, operation id, idempotency key or provider refund id of three characters or more (a shorter term: an id exactly or its beginning). Check the filters, clear the search or pick All on the left.</translation>
    </message>
    <message>
        <source>Refunds &amp;paid twice…</source>
        <translation>Refunds &amp;paid twice…</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Dismiss</translation>
    </message>
</context>
<context>
    <name>OperationFilterBar</name>
    <message>
        <source>Created from</source>
        <translation>Created from</translation>
    </message>
    <message>
        <source>Only operations created on or after this UTC date</source>
        <translation>Only operations created on or after this UTC date</translation>
    </message>
    <message>
        <source>to</source>
        <translation>to</translation>
    </message>
    <message>
        <source>Only operations created on or before this UTC date</source>
        <translation>Only operations created on or before this UTC date</translation>
    </message>
    <message>
        <source>One currency (an ISO 4217 code such as USD); an amount range needs one</source>
        <translation>One currency (an ISO 4217 code such as USD); an amount range needs one</translation>
    </message>
    <message>
        <source>Any currency</source>
        <translation>Any currency</translation>
    </message>
    <message>
        <source>min amount</source>
        <translation>min amount</translation>
    </message>
    <message>
        <source>max amount</source>
        <translation>max amount</translation>
    </message>
    <message>
        <source>In the chosen currency&apos;s units, both ends included (e.g. 38.50)</source>
        <translation>In the chosen currency&apos;s units, both ends included (e.g. 38.50)</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Clear filters</translation>
    </message>
    <message>
        <source>Created: the end date is before the start date.</source>
        <translation>Created: the end date is before the start date.</translation>
    </message>
    <message>
        <source>Currency: “%1” is not a three-letter code such as USD.</source>
        <translation>Currency: “%1” is not a three-letter code such as USD.</translation>
    </message>
    <message numerus="yes">
        <source>%1: “%2” is not an amount in %3 (at most %n decimal(s)).</source>
        <translation>
            <numerusform>%1: “%2” is not an amount in %3 (at most %n decimal(s)).</numerusform>
            <numerusform>%1: “%2” is not an amount in %3 (at most %n decimal(s)).</numerusform>
        </translation>
    </message>
    <message>
        <source>Min amount</source>
        <translation>Min amount</translation>
    </message>
    <message>
        <source>Max amount</source>
        <translation>Max amount</translation>
    </message>
    <message>
        <source>Amount: the minimum is above the maximum.</source>
        <translation>Amount: the minimum is above the maximum.</translation>
    </message>
</context>
<context>
    <name>OperationFormat</name>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>expired</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unknown</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>In flight</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Succeeded</translation>
    </message>
    <message>
        <source>No response</source>
        <translation>No response</translation>
    </message>
    <message>
        <source>In progress (409)</source>
        <translation>In progress (409)</translation>
    </message>
    <message>
        <source>Rate limited (429)</source>
        <translation>Rate limited (429)</translation>
    </message>
    <message>
        <source>Provider error (5xx)</source>
        <translation>Provider error (5xx)</translation>
    </message>
    <message>
        <source>Key mismatch</source>
        <translation>Key mismatch</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Refused</translation>
    </message>
    <message>
        <source>Auth failed</source>
        <translation>Auth failed</translation>
    </message>
    <message>
        <source>Invalid response</source>
        <translation>Invalid response</translation>
    </message>
    <message>
        <source>No answer recorded</source>
        <translation>No answer recorded</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Not sent</translation>
    </message>
    <message>
        <source>Refund failed</source>
        <translation>Refund failed</translation>
    </message>
    <message>
        <source>Answer mismatch</source>
        <translation>Answer mismatch</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Reversed</translation>
    </message>
    <message>
        <source>Attempt budget used up without a definite answer</source>
        <translation>Attempt budget used up without a definite answer</translation>
    </message>
    <message>
        <source>The provider may have forgotten the idempotency key</source>
        <translation>The provider may have forgotten the idempotency key</translation>
    </message>
    <message>
        <source>The provider answered with a refund that is not this one</source>
        <translation>The provider answered with a refund that is not this one</translation>
    </message>
    <message>
        <source>The provider stored an error of unknown outcome</source>
        <translation>The provider stored an error of unknown outcome</translation>
    </message>
    <message>
        <source>The provider says the key belongs to another request</source>
        <translation>The provider says the key belongs to another request</translation>
    </message>
    <message>
        <source>An answer that did not come from the provider</source>
        <translation>An answer that did not come from the provider</translation>
    </message>
    <message>
        <source>Refused after an earlier attempt went unanswered</source>
        <translation>Refused after an earlier attempt went unanswered</translation>
    </message>
    <message>
        <source>No refund was made</source>
        <translation>No refund was made</translation>
    </message>
    <message>
        <source>The provider reports the refund failed</source>
        <translation>The provider reports the refund failed</translation>
    </message>
    <message>
        <source>Refunded, then reported failed by the provider</source>
        <translation>Refunded, then reported failed by the provider</translation>
    </message>
    <message>
        <source>The payment was already refunded</source>
        <translation>The payment was already refunded</translation>
    </message>
    <message>
        <source>The amount is larger than what is left to refund</source>
        <translation>The amount is larger than what is left to refund</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>refund %1</source>
        <translation>refund %1</translation>
    </message>
    <message>
        <source>by the reconciler</source>
        <translation>by the reconciler</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>event %1</translation>
    </message>
    <message>
        <source>note: “%1”</source>
        <translation>note: “%1”</translation>
    </message>
    <message>
        <source>Not confirmed yet</source>
        <translation>Not confirmed yet</translation>
    </message>
    <message>
        <source>A person is checking</source>
        <translation>A person is checking</translation>
    </message>
    <message>
        <source>Rejected (bad input)</source>
        <translation>Rejected (bad input)</translation>
    </message>
    <message>
        <source>support</source>
        <translation>support</translation>
    </message>
    <message>
        <source>finance</source>
        <translation>finance</translation>
    </message>
    <message>
        <source>admin</source>
        <translation>admin</translation>
    </message>
    <message>
        <source>Reconciler</source>
        <translation>Reconciler</translation>
    </message>
</context>
<context>
    <name>OperationLookup</name>
    <message>
        <source>Amount differs: the refund is %1, the operation %2.</source>
        <translation>Amount differs: the refund is %1, the operation %2.</translation>
    </message>
    <message>
        <source>Currency differs: the refund is in %1, the operation in %2.</source>
        <translation>Currency differs: the refund is in %1, the operation in %2.</translation>
    </message>
    <message>
        <source>Order unknown: the refund carries no metadata.order_id; the operation is for order %1.</source>
        <translation>Order unknown: the refund carries no metadata.order_id; the operation is for order %1.</translation>
    </message>
    <message>
        <source>Order differs: the refund names order %1, the operation order %2.</source>
        <translation>Order differs: the refund names order %1, the operation order %2.</translation>
    </message>
    <message>
        <source>Payment differs: the refund is on %1, the order&apos;s payment is %2.</source>
        <translation>Payment differs: the refund is on %1, the order&apos;s payment is %2.</translation>
    </message>
    <message>
        <source>Reading %1 events…</source>
        <translation>Reading %1 events…</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 events</translation>
    </message>
    <message>
        <source>The operation is older than 30 days: the provider no longer returns its events, so only the payment&apos;s refund list was checked.</source>
        <translation>The operation is older than 30 days: the provider no longer returns its events, so only the payment&apos;s refund list was checked.</translation>
    </message>
    <message>
        <source>refunds of the order&apos;s payment</source>
        <translation>refunds of the order&apos;s payment</translation>
    </message>
    <message>
        <source>the order has no payment intent on record</source>
        <translation>the order has no payment intent on record</translation>
    </message>
    <message>
        <source>Listing the refunds of %1…</source>
        <translation>Listing the refunds of %1…</translation>
    </message>
    <message>
        <source>refunds of %1</source>
        <translation>refunds of %1</translation>
    </message>
    <message>
        <source>Searching payments of order %1…</source>
        <translation>Searching payments of order %1…</translation>
    </message>
    <message>
        <source>Payment search failed (%1); it is optional and does not change the result.</source>
        <translation>Payment search failed (%1); it is optional and does not change the result.</translation>
    </message>
    <message>
        <source>Payment search found no payment for order %1 yet. Search lags by up to a minute (an hour in outages): this is not proof of anything.</source>
        <translation>Payment search found no payment for order %1 yet. Search lags by up to a minute (an hour in outages): this is not proof of anything.</translation>
    </message>
    <message>
        <source>Payment search for order %1 found %2. Search lags: a payment missing here may still exist.</source>
        <translation>Payment search for order %1 found %2. Search lags: a payment missing here may still exist.</translation>
    </message>
</context>
<context>
    <name>OperationTableModel</name>
    <message>
        <source>Key retention ends %1 (%2)</source>
        <translation>Key retention ends %1 (%2)</translation>
    </message>
    <message>
        <source>Created %1</source>
        <translation>Created %1</translation>
    </message>
    <message>
        <source>Idempotency key %1</source>
        <translation>Idempotency key %1</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Attempts</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Tool calls</translation>
    </message>
    <message>
        <source>Key expires in</source>
        <translation>Key expires in</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Age</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Last attempt</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Provider refund</translation>
    </message>
    <message>
        <source>Time left before the provider forgets the idempotency key. After that the operation is never sent again.</source>
        <translation>Time left before the provider forgets the idempotency key. After that the operation is never sent again.</translation>
    </message>
</context>
<context>
    <name>OperationTableView</name>
    <message>
        <source>Copy operation id</source>
        <translation>Copy operation id</translation>
    </message>
    <message>
        <source>Copy order id</source>
        <translation>Copy order id</translation>
    </message>
    <message>
        <source>Copy idempotency key</source>
        <translation>Copy idempotency key</translation>
    </message>
    <message>
        <source>Copy refund id</source>
        <translation>Copy refund id</translation>
    </message>
    <message>
        <source>Open the refund at the provider</source>
        <translation>Open the refund at the provider</translation>
    </message>
</context>
<context>
    <name>PaidTwiceDialog</name>
    <message>
        <source>Refunds paid twice</source>
        <translation>Refunds paid twice</translation>
    </message>
    <message>
        <source>Refunds the provider made more than once for one request: the same order and amount (and the same request reference, if the calls named one). The customer received the money twice. Never refund these again; finance recovers the extra refund. Double-click a row to open its first operation.</source>
        <translation>Refunds the provider made more than once for one request: the same order and amount (and the same request reference, if the calls named one). The customer received the money twice. Never refund these again; finance recovers the extra refund. Double-click a row to open its first operation.</translation>
    </message>
    <message>
        <source>The check could not be read: %1</source>
        <translation>The check could not be read: %1</translation>
    </message>
    <message>
        <source>None: the provider made at most one refund for every request.</source>
        <translation>None: the provider made at most one refund for every request.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) refunded more than once, by order.</source>
        <translation>
            <numerusform>%n request refunded more than once, by order.</numerusform>
            <numerusform>%n requests refunded more than once, by order.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PaidTwiceModel</name>
    <message numerus="yes">
        <source>%n refund(s): %1</source>
        <translation>
            <numerusform>%n refund: %1</numerusform>
            <numerusform>%n refunds: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Request ref</source>
        <translation>Request ref</translation>
    </message>
    <message>
        <source>Refunds at the provider</source>
        <translation>Refunds at the provider</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Operations</translation>
    </message>
</context>
<context>
    <name>ProviderKeySource</name>
    <message>
        <source>the system keychain did not answer within 5 s</source>
        <translation>the system keychain did not answer within 5 s</translation>
    </message>
    <message>
        <source>the PROVIDER_API_KEY environment variable</source>
        <translation>the PROVIDER_API_KEY environment variable</translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation>system keychain</translation>
    </message>
</context>
<context>
    <name>ProviderStatusMonitor</name>
    <message>
        <source>reachable</source>
        <translation>reachable</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Refund operations</source>
        <translation>Refund operations</translation>
    </message>
    <message>
        <source>Operations console for refunds: triage unknown outcomes, review attempt and tool-call history. Reads only.</source>
        <translation>Operations console for refunds: triage unknown outcomes, review attempt and tool-call history. Reads only.</translation>
    </message>
    <message>
        <source>Run against an embedded demo (sandbox provider and a fresh SQLite database).</source>
        <translation>Run against an embedded demo (sandbox provider and a fresh SQLite database).</translation>
    </message>
    <message>
        <source>Keep the demo files in DIR.</source>
        <translation>Keep the demo files in DIR.</translation>
    </message>
    <message>
        <source>Operation database: postgresql://user@host/db or sqlite:PATH (password from PGPASSWORD).</source>
        <translation>Operation database: postgresql://user@host/db or sqlite:PATH (password from PGPASSWORD).</translation>
    </message>
    <message>
        <source>Payment provider base URL; the read-only key comes from PROVIDER_API_KEY or the system keychain.</source>
        <translation>Payment provider base URL; the read-only key comes from PROVIDER_API_KEY or the system keychain.</translation>
    </message>
    <message>
        <source>support, finance or admin (default support).</source>
        <translation>support, finance or admin (default support).</translation>
    </message>
    <message>
        <source>Save the window as PNG to FILE once the data is shown, then exit.</source>
        <translation>Save the window as PNG to FILE once the data is shown, then exit.</translation>
    </message>
    <message>
        <source>Select this operation at start.</source>
        <translation>Select this operation at start.</translation>
    </message>
    <message>
        <source>Interface language: en, ru or tr (default: the system&apos;s).</source>
        <translation>Interface language: en, ru or tr (default: the system&apos;s).</translation>
    </message>
    <message>
        <source>trace, debug, info, warn, error or off (default: info, or the REFUND_LOG_LEVEL environment variable).</source>
        <translation>trace, debug, info, warn, error or off (default: info, or the REFUND_LOG_LEVEL environment variable).</translation>
    </message>
    <message>
        <source>Window size in pixels, e.g. 1024x640 (default 1280x800); with --screenshot, the picture&apos;s size (larger when the window cannot be made that small).</source>
        <translation>Window size in pixels, e.g. 1024x640 (default 1280x800); with --screenshot, the picture&apos;s size (larger when the window cannot be made that small).</translation>
    </message>
    <message>
        <source>The range History opens on: the last 7, 30 or 90 UTC days, or all (default 7).</source>
        <translation>The range History opens on: the last 7, 30 or 90 UTC days, or all (default 7).</translation>
    </message>
    <message>
        <source>With --screenshot: what to save. A tab (operations, history, settings) in the window, or a dialog alone, opened on the selected operation and saved once it has read what it shows (resolve, message, checkall, unmatched, paidtwice, log, connection), at its own size made to fit --window-size. Default: operations.</source>
        <translation>With --screenshot: what to save. A tab (operations, history, settings) in the window, or a dialog alone, opened on the selected operation and saved once it has read what it shows (resolve, message, checkall, unmatched, paidtwice, log, connection), at its own size made to fit --window-size. Default: operations.</translation>
    </message>
</context>
<context>
    <name>ResolutionPolicy</name>
    <message>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <source>Failed: no refund was made</source>
        <translation>Failed: no refund was made</translation>
    </message>
    <message>
        <source>Keep waiting</source>
        <translation>Keep waiting</translation>
    </message>
    <message>
        <source>Needs a person</source>
        <translation>Needs a person</translation>
    </message>
    <message>
        <source>Lookup incomplete</source>
        <translation>Lookup incomplete</translation>
    </message>
    <message>
        <source>Not unknown</source>
        <translation>Not unknown</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 d %2 h</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>The operation is %1, not unknown: there is nothing to resolve.</source>
        <translation>The operation is %1, not unknown: there is nothing to resolve.</translation>
    </message>
    <message>
        <source>The lookup did not finish (%1). A half-read answer proves nothing; look up again.</source>
        <translation>The lookup did not finish (%1). A half-read answer proves nothing; look up again.</translation>
    </message>
    <message numerus="yes">
        <source>%n refund(s) linked to this operation do not match it (amount, currency or order). A person must decide.</source>
        <translation>
            <numerusform>%n refund linked to this operation does not match it (amount, currency or order). A person must decide.</numerusform>
            <numerusform>%n refunds linked to this operation do not match it (amount, currency or order). A person must decide.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refunds that moved money are linked to this one operation: a possible double refund. Escalate to finance.</source>
        <translation>
            <numerusform>%n refund that moved money is linked to this one operation: a possible double refund. Escalate to finance.</numerusform>
            <numerusform>%n refunds that moved money are linked to this one operation: a possible double refund. Escalate to finance.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refund %1 is %2: neither done nor failed yet. Check it again later.</source>
        <translation>Refund %1 is %2: neither done nor failed yet. Check it again later.</translation>
    </message>
    <message>
        <source>without a status</source>
        <translation>without a status</translation>
    </message>
    <message>
        <source>Refund %1 (%2) matches the operation&apos;s amount, currency and order.</source>
        <translation>Refund %1 (%2) matches the operation&apos;s amount, currency and order.</translation>
    </message>
    <message>
        <source>The only refund(s) made for this operation are failed or canceled: no money moved.</source>
        <translation>The only refund(s) made for this operation are failed or canceled: no money moved.</translation>
    </message>
    <message>
        <source>No refund exists and no request was ever sent for this operation.</source>
        <translation>No refund exists and no request was ever sent for this operation.</translation>
    </message>
    <message>
        <source>No refund exists and the key retention has passed: the original request can no longer execute.</source>
        <translation>No refund exists and the key retention has passed: the original request can no longer execute.</translation>
    </message>
    <message>
        <source>No refund found yet, but the provider keeps the key for another %1: the original request may still execute. Look again after it expires.</source>
        <translation>No refund found yet, but the provider keeps the key for another %1: the original request may still execute. Look again after it expires.</translation>
    </message>
    <message>
        <source>The lookup did not finish, so it cannot show that no refund exists. Look up again.</source>
        <translation>The lookup did not finish, so it cannot show that no refund exists. Look up again.</translation>
    </message>
    <message>
        <source>A refund that is not failed or canceled is linked to this operation.</source>
        <translation>A refund that is not failed or canceled is linked to this operation.</translation>
    </message>
    <message>
        <source>Every refund linked to the operation is failed or canceled.</source>
        <translation>Every refund linked to the operation is failed or canceled.</translation>
    </message>
    <message>
        <source>This lookup started before the key expired, when the original request could still execute. Look up again to resolve as &quot;failed&quot;.</source>
        <translation>This lookup started before the key expired, when the original request could still execute. Look up again to resolve as &quot;failed&quot;.</translation>
    </message>
    <message>
        <source>The provider keeps the key for another %1: the original request may still execute. &quot;Failed&quot; is allowed after that.</source>
        <translation>The provider keeps the key for another %1: the original request may still execute. &quot;Failed&quot; is allowed after that.</translation>
    </message>
    <message>
        <source>No refund found and the key retention has passed.</source>
        <translation>No refund found and the key retention has passed.</translation>
    </message>
    <message>
        <source>No refund found and no request was ever sent.</source>
        <translation>No refund found and no request was ever sent.</translation>
    </message>
    <message>
        <source>Refund %1 was not found by this operation&apos;s lookup.</source>
        <translation>Refund %1 was not found by this operation&apos;s lookup.</translation>
    </message>
    <message>
        <source>Refund %1 is %2; only a succeeded or pending refund is evidence of a refund.</source>
        <translation>Refund %1 is %2; only a succeeded or pending refund is evidence of a refund.</translation>
    </message>
    <message>
        <source>Refund %1 does not match the operation: %2</source>
        <translation>Refund %1 does not match the operation: %2</translation>
    </message>
    <message>
        <source>Refund %1 (%2) matches the operation.</source>
        <translation>Refund %1 (%2) matches the operation.</translation>
    </message>
    <message>
        <source>the refund is gone</source>
        <translation>the refund is gone</translation>
    </message>
    <message>
        <source>nothing is proposed</source>
        <translation>nothing is proposed</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one is still open, and the refund tool settles it.</source>
        <translation>Only unknown operations can be resolved; this one is still open, and the refund tool settles it.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one is already refunded.</source>
        <translation>Only unknown operations can be resolved; this one is already refunded.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one already failed.</source>
        <translation>Only unknown operations can be resolved; this one already failed.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one was refunded and then reversed by the provider.</source>
        <translation>Only unknown operations can be resolved; this one was refunded and then reversed by the provider.</translation>
    </message>
</context>
<context>
    <name>ResolveDialog</name>
    <message>
        <source>Look up and resolve %1</source>
        <translation>Look up and resolve %1</translation>
    </message>
    <message>
        <source>At the provider (read-only)</source>
        <translation>At the provider (read-only)</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Resolution</translation>
    </message>
    <message>
        <source>Refunded — the selected refund is the evidence</source>
        <translation>Refunded — the selected refund is the evidence</translation>
    </message>
    <message>
        <source>Failed — no refund was made</source>
        <translation>Failed — no refund was made</translation>
    </message>
    <message>
        <source>Note (required) — what you checked and why:</source>
        <translation>Note (required) — what you checked and why:</translation>
    </message>
    <message>
        <source>e.g. Found re_… with metadata.operation_id = this operation, status succeeded, amount and order match.</source>
        <translation>e.g. Found re_… with metadata.operation_id = this operation, status succeeded, amount and order match.</translation>
    </message>
    <message>
        <source>There is no &quot;retry&quot; here on purpose: a new refund or a new key for an unknown outcome can pay the customer twice.</source>
        <translation>There is no &quot;retry&quot; here on purpose: a new refund or a new key for an unknown outcome can pay the customer twice.</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Resolve</translation>
    </message>
    <message>
        <source>Customer message…</source>
        <translation>Customer message…</translation>
    </message>
    <message>
        <source>This operation is %1, not unknown: there is nothing to resolve. The lookup is shown for reference.</source>
        <translation>This operation is %1, not unknown: there is nothing to resolve. The lookup is shown for reference.</translation>
    </message>
    <message>
        <source>No provider read key is configured, so the operation cannot be looked up. Set PROVIDER_API_KEY or use File › Connect.</source>
        <translation>No provider read key is configured, so the operation cannot be looked up. Set PROVIDER_API_KEY or use File › Connect.</translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation>The operation database cannot be opened: %1</translation>
    </message>
    <message>
        <source>The operation cannot be read: %1</source>
        <translation>The operation cannot be read: %1</translation>
    </message>
    <message>
        <source>The operation&apos;s order cannot be read: %1</source>
        <translation>The operation&apos;s order cannot be read: %1</translation>
    </message>
    <message>
        <source>%1 · order %2 · %3</source>
        <translation>%1 · order %2 · %3</translation>
    </message>
    <message>
        <source>no attempt was ever sent</source>
        <translation>no attempt was ever sent</translation>
    </message>
    <message>
        <source>key retention passed at %1</source>
        <translation>key retention passed at %1</translation>
    </message>
    <message>
        <source>key live for %1 more (until %2)</source>
        <translation>key live for %1 more (until %2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Status:&lt;/b&gt; %1%2 &amp;nbsp; &lt;b&gt;Attempts:&lt;/b&gt; %3 &amp;nbsp; &lt;b&gt;Payment:&lt;/b&gt; %4</source>
        <translation>&lt;b&gt;Status:&lt;/b&gt; %1%2 &amp;nbsp; &lt;b&gt;Attempts:&lt;/b&gt; %3 &amp;nbsp; &lt;b&gt;Payment:&lt;/b&gt; %4</translation>
    </message>
    <message>
        <source>&lt;b&gt;Created:&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Idempotency key:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Created:&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Idempotency key:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Resolved:&lt;/b&gt; %1 by %2 at %3%4</source>
        <translation>&lt;b&gt;Resolved:&lt;/b&gt; %1 by %2 at %3%4</translation>
    </message>
    <message>
        <source>the refund tool</source>
        <translation>the refund tool</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>an unknown time</translation>
    </message>
    <message>
        <source> — evidence %1</source>
        <translation> — evidence %1</translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:%1&quot;&gt;Proposal: %2.&lt;/b&gt; %3</source>
        <translation>&lt;b style=&quot;color:%1&quot;&gt;Proposal: %2.&lt;/b&gt; %3</translation>
    </message>
    <message>
        <source>Select a refund found by the lookup.</source>
        <translation>Select a refund found by the lookup.</translation>
    </message>
    <message>
        <source>Waiting for the lookup.</source>
        <translation>Waiting for the lookup.</translation>
    </message>
    <message>
        <source>The operation could not be read.</source>
        <translation>The operation could not be read.</translation>
    </message>
    <message>
        <source>Nothing more to do here.</source>
        <translation>Nothing more to do here.</translation>
    </message>
    <message>
        <source>No refund was found, so there is no evidence of a refund.</source>
        <translation>No refund was found, so there is no evidence of a refund.</translation>
    </message>
    <message>
        <source>Not possible: %1</source>
        <translation>Not possible: %1</translation>
    </message>
    <message>
        <source>Choose refunded or failed.</source>
        <translation>Choose refunded or failed.</translation>
    </message>
    <message>
        <source>Write a note: what you checked and why.</source>
        <translation>Write a note: what you checked and why.</translation>
    </message>
    <message>
        <source>Resolved as %1. The audit log holds your note and the evidence. Next: send the customer the message (Customer message…).</source>
        <translation>Resolved as %1. The audit log holds your note and the evidence. Next: send the customer the message (Customer message…).</translation>
    </message>
    <message>
        <source>Another reviewer was first: %1. Your resolution was not saved.</source>
        <translation>Another reviewer was first: %1. Your resolution was not saved.</translation>
    </message>
    <message>
        <source>The resolution was not saved: %1</source>
        <translation>The resolution was not saved: %1</translation>
    </message>
    <message>
        <source>Reading the operation…</source>
        <translation>Reading the operation…</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>not connected</translation>
    </message>
    <message>
        <source>the connection was replaced</source>
        <translation>the connection was replaced</translation>
    </message>
    <message>
        <source>It is not known whether the resolution was saved: %1. Open the operation again to see its state.</source>
        <translation>It is not known whether the resolution was saved: %1. Open the operation again to see its state.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
</context>
<context>
    <name>ReviewListDialog</name>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Reading…</translation>
    </message>
</context>
<context>
    <name>SettingsTab</name>
    <message>
        <source>Attempts per tool call</source>
        <translation>Attempts per tool call</translation>
    </message>
    <message>
        <source>Attempts per operation</source>
        <translation>Attempts per operation</translation>
    </message>
    <message>
        <source>Backoff base (ms)</source>
        <translation>Backoff base (ms)</translation>
    </message>
    <message>
        <source>Backoff cap (ms)</source>
        <translation>Backoff cap (ms)</translation>
    </message>
    <message>
        <source>Request timeout (ms)</source>
        <translation>Request timeout (ms)</translation>
    </message>
    <message>
        <source>Provider API version</source>
        <translation>Provider API version</translation>
    </message>
    <message>
        <source>Parallel provider lookups</source>
        <translation>Parallel provider lookups</translation>
    </message>
    <message>
        <source>Retry budgets, backoff and provider</source>
        <translation>Retry budgets, backoff and provider</translation>
    </message>
    <message>
        <source>Stripe API v1 (keys kept 24 h)</source>
        <translation>Stripe API v1 (keys kept 24 h)</translation>
    </message>
    <message>
        <source>Stripe API v2 (keys kept 30 days)</source>
        <translation>Stripe API v2 (keys kept 30 days)</translation>
    </message>
    <message>
        <source>Only an admin can change settings.</source>
        <translation>Only an admin can change settings.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <source>Change history</source>
        <translation>Change history</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Who</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>When (UTC)</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Setting</translation>
    </message>
    <message>
        <source>Old</source>
        <translation>Old</translation>
    </message>
    <message>
        <source>New</source>
        <translation>New</translation>
    </message>
    <message>
        <source>Settings cannot be read: %1</source>
        <translation>Settings cannot be read: %1</translation>
    </message>
    <message>
        <source>keys kept 30 days</source>
        <translation>keys kept 30 days</translation>
    </message>
    <message>
        <source>keys kept 24 h</source>
        <translation>keys kept 24 h</translation>
    </message>
    <message>
        <source>Settings were not saved: %1</source>
        <translation>Settings were not saved: %1</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n setting(s). The refund tool uses them from its next call.</source>
        <translation>
            <numerusform>Saved %n setting(s). The refund tool uses them from its next call.</numerusform>
            <numerusform>Saved %n setting(s). The refund tool uses them from its next call.</numerusform>
        </translation>
    </message>
    <message>
        <source>The change history cannot be read: %1</source>
        <translation>The change history cannot be read: %1</translation>
    </message>
    <message>
        <source>These values are shared by the refund tool and every console. The refund tool reads them at each call, so a saved change applies from its next call; other consoles show it when they refresh. Every change is audited with the old and new value.</source>
        <translation>These values are shared by the refund tool and every console. The refund tool reads them at each call, so a saved change applies from its next call; other consoles show it when they refresh. Every change is audited with the old and new value.</translation>
    </message>
    <message>
        <source>Repeat window (hours)</source>
        <translation>Repeat window (hours)</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Reset to defaults</translation>
    </message>
    <message>
        <source>Fills in every default; nothing changes until you save.</source>
        <translation>Fills in every default; nothing changes until you save.</translation>
    </message>
    <message>
        <source>It is not known whether the settings were saved: %1. Reload to see what the database holds.</source>
        <translation>It is not known whether the settings were saved: %1. Reload to see what the database holds.</translation>
    </message>
    <message>
        <source>Reconciler settles refunds</source>
        <translation>Reconciler settles refunds</translation>
    </message>
    <message>
        <source>on</source>
        <translation>on</translation>
    </message>
    <message>
        <source>off</source>
        <translation>off</translation>
    </message>
</context>
<context>
    <name>SettingsValidation</name>
    <message>
        <source>unknown setting; known settings are %1</source>
        <translation>unknown setting; known settings are %1</translation>
    </message>
    <message>
        <source>must be a whole number, got &quot;%1&quot;</source>
        <translation>must be a whole number, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be between %1 and %2, got %3</source>
        <translation>must be between %1 and %2, got %3</translation>
    </message>
    <message>
        <source>must be true or false, got &quot;%1&quot;</source>
        <translation>must be true or false, got &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be %1, got &quot;%2&quot;</source>
        <translation>must be %1, got &quot;%2&quot;</translation>
    </message>
    <message>
        <source> or </source>
        <translation> or </translation>
    </message>
    <message>
        <source>%1 is above max_attempts_per_operation (%2); a call could never use them all</source>
        <translation>%1 is above max_attempts_per_operation (%2); a call could never use them all</translation>
    </message>
    <message>
        <source>%1 is below backoff_base_ms (%2)</source>
        <translation>%1 is below backoff_base_ms (%2)</translation>
    </message>
    <message>
        <source>provider attempts one tool call may make (1-20, at most max_attempts_per_operation)</source>
        <translation>provider attempts one tool call may make (1-20, at most max_attempts_per_operation)</translation>
    </message>
    <message>
        <source>provider attempts over an operation&apos;s life before it becomes unknown (1-100)</source>
        <translation>provider attempts over an operation&apos;s life before it becomes unknown (1-100)</translation>
    </message>
    <message>
        <source>first backoff ceiling in ms; doubles per attempt, full jitter (1-60000)</source>
        <translation>first backoff ceiling in ms; doubles per attempt, full jitter (1-60000)</translation>
    </message>
    <message>
        <source>largest backoff ceiling in ms (backoff_base_ms-300000)</source>
        <translation>largest backoff ceiling in ms (backoff_base_ms-300000)</translation>
    </message>
    <message>
        <source>provider request timeout in ms; expiry means the outcome is unknown (100-300000)</source>
        <translation>provider request timeout in ms; expiry means the outcome is unknown (100-300000)</translation>
    </message>
    <message>
        <source>provider API version, fixes the key retention: stripe_v1 (24 h) or stripe_v2 (30 days)</source>
        <translation>provider API version, fixes the key retention: stripe_v1 (24 h) or stripe_v2 (30 days)</translation>
    </message>
    <message>
        <source>parallel provider lookups in the console (1-16)</source>
        <translation>parallel provider lookups in the console (1-16)</translation>
    </message>
    <message>
        <source>hours a refunded operation answers repeated calls without a request ref, sending nothing (1-8760)</source>
        <translation>hours a refunded operation answers repeated calls without a request ref, sending nothing (1-8760)</translation>
    </message>
    <message>
        <source>the reconciler resolves an unknown operation refunded by itself when the provider&apos;s refund matches it; it never resolves failed (true or false)</source>
        <translation>the reconciler resolves an unknown operation refunded by itself when the provider&apos;s refund matches it; it never resolves failed (true or false)</translation>
    </message>
</context>
<context>
    <name>StateCountsModel</name>
    <message>
        <source>All</source>
        <translation>All</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unknown</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Refunded</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Key expires within 1 h</source>
        <translation>Key expires within 1 h</translation>
    </message>
    <message>
        <source>%1: %2 operations</source>
        <translation>%1: %2 operations</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Reversed</translation>
    </message>
</context>
<context>
    <name>SweepProposalModel</name>
    <message>
        <source>Resolved as %1</source>
        <translation>Resolved as %1</translation>
    </message>
    <message>
        <source>Not resolved: %1</source>
        <translation>Not resolved: %1</translation>
    </message>
    <message>
        <source>Not looked up</source>
        <translation>Not looked up</translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation>waiting…</translation>
    </message>
    <message>
        <source>Tick to resolve this operation as proposed.</source>
        <translation>Tick to resolve this operation as proposed.</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Operation</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Order</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Proposal</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Why</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Result</translation>
    </message>
</context>
<context>
    <name>UnmatchedEventsDialog</name>
    <message>
        <source>Unmatched provider events</source>
        <translation>Unmatched provider events</translation>
    </message>
    <message>
        <source>Events about refunds that no operation of this database knows: the refund&apos;s metadata names no operation here. They are recorded and never acted on. Often a refund made in the provider&apos;s dashboard or by another system on the same account; check it there.</source>
        <translation>Events about refunds that no operation of this database knows: the refund&apos;s metadata names no operation here. They are recorded and never acted on. Often a refund made in the provider&apos;s dashboard or by another system on the same account; check it there.</translation>
    </message>
    <message>
        <source>The events could not be read: %1</source>
        <translation>The events could not be read: %1</translation>
    </message>
    <message>
        <source>None: every provider event this database stored matched an operation.</source>
        <translation>None: every provider event this database stored matched an operation.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) no operation knows, newest first.</source>
        <translation>
            <numerusform>%n event no operation knows, newest first.</numerusform>
            <numerusform>%n events no operation knows, newest first.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UnmatchedEventsModel</name>
    <message>
        <source>%1 (refund %2)</source>
        <translation>%1 (refund %2)</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>order %1</translation>
    </message>
    <message>
        <source>operation %1</source>
        <translation>operation %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>polled</source>
        <translation>polled</translation>
    </message>
    <message>
        <source>webhook</source>
        <translation>webhook</translation>
    </message>
    <message>
        <source>Received (UTC)</source>
        <translation>Received (UTC)</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Refund</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Amount</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>Payment</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Metadata</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
</context>
</TS>
