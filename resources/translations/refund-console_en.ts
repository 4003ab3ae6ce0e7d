<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>CheckUnknownDialog</name>
    <message>
        <source>Check all unknown operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looks every unknown operation up at the provider (read-only) and proposes a resolution. Nothing is resolved until you tick rows, write a note and press &quot;Resolve selected&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note for the audit log (required), e.g. Checked with Check all unknown; evidence attached per row.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select all proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the unknown operations…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There are no unknown operations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Looking up %n unknown operation(s), %1 at a time…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Not looked up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick to resolve this operation as proposed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canceled after %1 of %2. Rows not looked up propose nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Done: %1 looked up, %n with a proposal.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the refund is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not resolved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolved as %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve selected (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tick the rows to resolve.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a note for the audit log.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>Connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The password may also come from PGPASSWORD. It is never saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rk_… restricted read-only key (leave empty to use PROVIDER_API_KEY or the keychain)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remember the key in the system keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation database:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider read key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database URL: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a write key (sk_…). The console only reads from the provider and will not use it: create a restricted read-only key (rk_…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>required</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConsoleStartup</name>
    <message>
        <source>Creating the demo…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting a sandbox payment provider and running the refund tool through real scenarios. This takes a few seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The demo could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Check that sandbox-provider is installed next to refund-console or on PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>demo sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No database configured.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use File › Connect, or start with --db postgresql://user@host/db, --db sqlite:/path/ops.db or --demo.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CustomerMessageDialog</name>
    <message>
        <source>Nobody knows yet whether this refund went through. The message must not say that it succeeded or failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The provider confirmed the refund. The message names the amount and the provider reference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No refund was made. The message says so honestly and gives the next step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Customer message — order %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · order %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changing the language replaces the text with that language&apos;s draft (Ctrl+Z brings your edits back).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset draft</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ The text does not claim that the refund succeeded or failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ The text does not contradict the operation&apos;s status.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n phrase(s) state an outcome nobody has confirmed: %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; Nobody knows yet whether this refund went through, but the text says:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; The text contradicts the operation&apos;s status:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit those phrases, or copy anyway if you are sure the customer should read this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DetailPanel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mapped to the operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Returned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failure code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolution note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an operation to see its attempts, tool calls and audit log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order %1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  ·  %2 minor units, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>— (no attempt yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>created it (committed the key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>joined the existing operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost the insert race, joined the winner&apos;s row (R3)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FoundRefundTable</name>
    <message>
        <source>refund list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event (key)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list + event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Found by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ amount, currency and order match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no status)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LogViewDialog</name>
    <message>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Keys and passwords are never written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Older lines: %1. Keys and passwords are never written.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LookupPanel</name>
    <message>
        <source>Not looked up yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Look up again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up %1 at the provider…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No refund is linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n refund(s) linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Lookup canceled. What is shown is incomplete and proves nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lookup incomplete: reading %1 failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Refund operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider: not configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OPERATIONS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search order id, operation id, key prefix or refund id (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy cells</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Refund operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Refund operations console&lt;/b&gt; %1&lt;br&gt;Triage refunds whose outcome is unknown, review attempt and tool-call history. The console only reads from the payment provider and never sends a refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>typed in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key could not be saved in the system keychain (%1). It is used for this session only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database address is not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. Use File › Connect to enter postgresql://user@host/db or sqlite:/path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refund operations — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This database cannot be shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its schema is older than this console. Run `refund-tool db migrate` on it, then press F5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A write key (sk_…) was given for the provider (from %1). The console only reads from the provider and refuses to use it. Create a restricted read-only key (rk_…) and set it in PROVIDER_API_KEY or with File › Connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider: %1 — write key refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider: %1 — no read key (set PROVIDER_API_KEY)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider: %1 — checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read key %1 from %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider: %1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation %1 was not found in this database.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is no longer in this list (its state changed). Use All or search for it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The database refused a query: %1. The data shown may be incomplete; press F5 to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that PostgreSQL is running and reachable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the database file exists and is readable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot reach the database&lt;/b&gt; (%1 %2): %3.&lt;br&gt;%4; retrying every %5 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is lost: the rows below are from %1 and may be out of date.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach the database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2. %3; retrying every %4 s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search finds exact order ids and provider refund ids, and operation ids or idempotency keys by their beginning. Clear the search or pick All on the left.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No refund operations yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations appear here as soon as the refund tool handles its first call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No open refunds — nothing is being retried.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open operations are the ones the refund tool may still retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No unknown refunds — nothing needs checking.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When the provider&apos;s answer is lost, the operation shows up here for a person to look up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No refunded operations yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds confirmed by the provider are listed here with their refund id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No failed refunds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunds the provider refused, or that a reviewer confirmed were never made, are listed here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No key expires within the next hour.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open and unknown operations whose idempotency key is about to expire at the provider are listed here, soonest first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · 1 operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 rows loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database: not connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Database: %1 %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — disconnected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role: %1 (SQLite: shapes the interface only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite has no users: the role only decides what the console offers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On PostgreSQL the database itself enforces what this role may do.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperationFormat</name>
    <message>
        <source>%1 d %2 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In progress (409)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rate limited (429)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider error (5xx)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key mismatch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auth failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Invalid response</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperationTableModel</name>
    <message>
        <source>Key retention ends %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Created %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idempotency key %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left before the provider forgets the idempotency key (R10). After that the operation is never sent again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Amount</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key expires in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderKeySource</name>
    <message>
        <source>the system keychain did not answer within 5 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the PROVIDER_API_KEY environment variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProviderStatusMonitor</name>
    <message>
        <source>reachable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Refund operations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operations console for refunds: triage unknown outcomes, review attempt and tool-call history. Reads only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run against an embedded demo (sandbox provider and a fresh SQLite database).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the demo files in DIR.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation database: postgresql://user@host/db or sqlite:PATH (password from PGPASSWORD).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Payment provider base URL; the read-only key comes from PROVIDER_API_KEY or the system keychain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>support, finance or admin (default support).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the window as PNG to FILE once the data is shown, then exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select this operation at start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language: en, ru or tr (default: the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trace, debug, info, warn, error or off (default: info, or the REFUND_LOG_LEVEL environment variable).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResolveDialog</name>
    <message>
        <source>Look up and resolve %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At the provider (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded — the selected refund is the evidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed — no refund was made</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Note (required) — what you checked and why:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. Found re_… with metadata.operation_id = this operation, status succeeded, amount and order match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no &quot;retry&quot; here on purpose: a new refund or a new key for an unknown outcome can pay the customer twice (R18).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Customer message…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This operation is %1, not unknown: there is nothing to resolve. The lookup is shown for reference.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No provider read key is configured, so the operation cannot be looked up. Set PROVIDER_API_KEY or use File › Connect.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation&apos;s order cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · order %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no attempt was ever sent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key retention passed at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key live for %1 more (until %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Status:&lt;/b&gt; %1%2 &amp;nbsp; &lt;b&gt;Attempts:&lt;/b&gt; %3 &amp;nbsp; &lt;b&gt;Payment:&lt;/b&gt; %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Created:&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Idempotency key:&lt;/b&gt; %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Resolved:&lt;/b&gt; %1 by %2 at %3%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the refund tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — evidence %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:%1&quot;&gt;Proposal: %2.&lt;/b&gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a refund found by the lookup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the lookup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The operation could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing more to do here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No refund was found, so there is no evidence of a refund.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not possible: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose refunded or failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write a note: what you checked and why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolved as %1. The audit log holds your note and the evidence. Next: send the customer the message (Customer message…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another reviewer was first: %1. Your resolution was not saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The resolution was not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StateCountsModel</name>
    <message>
        <source>All</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key expires within 1 h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 operations</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
