<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>CheckUnknownDialog</name>
    <message>
        <source>Check all unknown operations</source>
        <translation>Проверить все неизвестные операции</translation>
    </message>
    <message>
        <source>Looks every unknown operation up at the provider (read-only) and proposes a resolution. Nothing is resolved until you tick rows, write a note and press &quot;Resolve selected&quot;.</source>
        <translation>Ищет каждую операцию со статусом «неизвестно» у платёжного провайдера (только чтение) и предлагает решение. Ничего не будет решено, пока вы не отметите строки, не напишете примечание и не нажмёте «Решить выбранные».</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Не запущено.</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v из %m</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Начать</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Note for the audit log (required), e.g. Checked with Check all unknown; evidence attached per row.</source>
        <translation>Примечание для журнала аудита (обязательно), например: Проверено через «Проверить все неизвестные»; доказательства приложены к каждой строке.</translation>
    </message>
    <message>
        <source>Select all proposals</source>
        <translation>Выбрать все предложения</translation>
    </message>
    <message>
        <source>Resolve selected</source>
        <translation>Решить выбранные</translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation>Отмена…</translation>
    </message>
    <message>
        <source>Reading the unknown operations…</source>
        <translation>Чтение неизвестных операций…</translation>
    </message>
    <message>
        <source>There are no unknown operations.</source>
        <translation>Неизвестных операций нет.</translation>
    </message>
    <message numerus="yes">
        <source>Looking up %n unknown operation(s), %1 at a time…</source>
        <translation>
            <numerusform>Поиск у провайдера: %n неизвестная операция, по %1 одновременно…</numerusform>
            <numerusform>Поиск у провайдера: %n неизвестные операции, по %1 одновременно…</numerusform>
            <numerusform>Поиск у провайдера: %n неизвестных операций, по %1 одновременно…</numerusform>
        </translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Проверить снова</translation>
    </message>
    <message>
        <source>Could not start: %1</source>
        <translation>Не удалось начать: %1</translation>
    </message>
    <message>
        <source>Canceled after %1 of %2. Rows not looked up propose nothing.</source>
        <translation>Отменено после %1 из %2. Для строк без поиска ничего не предлагается.</translation>
    </message>
    <message numerus="yes">
        <source>Done: %1 looked up, %n with a proposal.</source>
        <translation>
            <numerusform>Готово: найдено у провайдера %1, с предложением — %n.</numerusform>
            <numerusform>Готово: найдено у провайдера %1, с предложением — %n.</numerusform>
            <numerusform>Готово: найдено у провайдера %1, с предложением — %n.</numerusform>
        </translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation>Не удаётся открыть базу данных операций: %1</translation>
    </message>
    <message>
        <source>Resolve selected (%1)</source>
        <translation>Решить выбранные (%1)</translation>
    </message>
    <message>
        <source>Tick the rows to resolve.</source>
        <translation>Отметьте строки, которые нужно решить.</translation>
    </message>
    <message>
        <source>Write a note for the audit log.</source>
        <translation>Напишите примечание для журнала аудита.</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Примечание:</translation>
    </message>
    <message>
        <source>Resolving: %1 of %2 done…</source>
        <translation>Решение: готово %1 из %2…</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n с</numerusform>
            <numerusform>%n с</numerusform>
            <numerusform>%n с</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/s · about %2 left</source>
        <translation>%1/с · осталось около %2</translation>
    </message>
    <message>
        <source>Resolving canceled: %1 of %2 written.</source>
        <translation>Решение отменено: записано %1 из %2.</translation>
    </message>
    <message>
        <source>Resolved %1 of %2 selected.</source>
        <translation>Решено %1 из %2 выбранных.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
</context>
<context>
    <name>ClaimChecker</name>
    <message>
        <source>claims success</source>
        <translation>утверждает, что возврат выполнен</translation>
    </message>
    <message>
        <source>claims failure</source>
        <translation>утверждает, что в возврате отказано</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>Connect</source>
        <translation>Подключиться</translation>
    </message>
    <message>
        <source>The password may also come from PGPASSWORD. It is never saved.</source>
        <translation>Пароль также можно задать в PGPASSWORD. Он никогда не сохраняется.</translation>
    </message>
    <message>
        <source>rk_… restricted read-only key (leave empty to use PROVIDER_API_KEY or the keychain)</source>
        <translation>rk_… ограниченный ключ только для чтения (оставьте пустым, чтобы взять PROVIDER_API_KEY или связку ключей)</translation>
    </message>
    <message>
        <source>Remember the key in the system keychain</source>
        <translation>Запомнить ключ в системной связке ключей</translation>
    </message>
    <message>
        <source>Operation database:</source>
        <translation>База данных операций:</translation>
    </message>
    <message>
        <source>Provider URL:</source>
        <translation>URL провайдера:</translation>
    </message>
    <message>
        <source>Provider read key:</source>
        <translation>Ключ чтения провайдера:</translation>
    </message>
    <message>
        <source>Database URL: %1</source>
        <translation>URL базы данных: %1</translation>
    </message>
    <message>
        <source>This is a write key (sk_…). The console only reads from the provider and will not use it: create a restricted read-only key (rk_…).</source>
        <translation>Это ключ записи (sk_…). Консоль только читает данные провайдера и не будет его использовать: создайте ограниченный ключ только для чтения (rk_…).</translation>
    </message>
    <message>
        <source>required</source>
        <translation>обязательно</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
</context>
<context>
    <name>ConsoleStartup</name>
    <message>
        <source>Creating the demo…</source>
        <translation>Создание демо…</translation>
    </message>
    <message>
        <source>Starting a sandbox payment provider and running the refund tool through real scenarios. This takes a few seconds.</source>
        <translation>Запускается тестовый (sandbox) платёжный провайдер, и инструмент возвратов проходит реальные сценарии. Это займёт несколько секунд.</translation>
    </message>
    <message>
        <source>The demo could not be created.</source>
        <translation>Не удалось создать демо.</translation>
    </message>
    <message>
        <source>%1. Check that sandbox-provider is installed next to refund-console or on PATH.</source>
        <translation>%1. Проверьте, что sandbox-provider установлен рядом с refund-console или доступен через PATH.</translation>
    </message>
    <message>
        <source>demo sandbox</source>
        <translation>демо-песочница</translation>
    </message>
    <message>
        <source>No database configured.</source>
        <translation>База данных не настроена.</translation>
    </message>
    <message>
        <source>Use File › Connect, or start with --db postgresql://user@host/db, --db sqlite:/path/ops.db or --demo.</source>
        <translation>Используйте Файл › Подключиться или запустите с --db postgresql://user@host/db, --db sqlite:/path/ops.db или --demo.</translation>
    </message>
</context>
<context>
    <name>CustomerMessageDialog</name>
    <message>
        <source>Nobody knows yet whether this refund went through. The message must not say that it succeeded or failed.</source>
        <translation>Пока никто не знает, прошёл ли этот возврат. В сообщении нельзя утверждать, что он выполнен или не выполнен.</translation>
    </message>
    <message>
        <source>The provider confirmed the refund. The message names the amount and the provider reference.</source>
        <translation>Платёжный провайдер подтвердил возврат. В сообщении указаны сумма и идентификатор у провайдера.</translation>
    </message>
    <message>
        <source>No refund was made. The message says so honestly and gives the next step.</source>
        <translation>Возврат не был выполнен. Сообщение честно говорит об этом и называет следующий шаг.</translation>
    </message>
    <message>
        <source>Customer message — order %1</source>
        <translation>Сообщение клиенту — заказ %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · order %2 · %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · заказ %2 · %3</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message>
        <source>Changing the language replaces the text with that language&apos;s draft (Ctrl+Z brings your edits back).</source>
        <translation>При смене языка текст заменяется черновиком на этом языке (Ctrl+Z возвращает ваши правки).</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>Продолжить правку</translation>
    </message>
    <message>
        <source>Copy anyway</source>
        <translation>Всё равно копировать</translation>
    </message>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation>&amp;Копировать в буфер</translation>
    </message>
    <message>
        <source>Reset draft</source>
        <translation>Сбросить черновик</translation>
    </message>
    <message>
        <source>✓ The text does not claim that the refund succeeded or failed.</source>
        <translation>✓ Текст не утверждает, что возврат выполнен или не выполнен.</translation>
    </message>
    <message>
        <source>✓ The text does not contradict the operation&apos;s status.</source>
        <translation>✓ Текст не противоречит статусу операции.</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n phrase(s) state an outcome nobody has confirmed: %1</source>
        <translation>
            <numerusform>⚠ %n фраза утверждает итог, который никто не подтвердил: %1</numerusform>
            <numerusform>⚠ %n фразы утверждают итог, который никто не подтвердил: %1</numerusform>
            <numerusform>⚠ %n фраз утверждают итог, который никто не подтвердил: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; Nobody knows yet whether this refund went through, but the text says:</source>
        <translation>&lt;b&gt;Не скопировано.&lt;/b&gt; Пока никто не знает, прошёл ли этот возврат, но в тексте сказано:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; The text contradicts the operation&apos;s status:</source>
        <translation>&lt;b&gt;Не скопировано.&lt;/b&gt; Текст противоречит статусу операции:</translation>
    </message>
    <message>
        <source>Edit those phrases, or copy anyway if you are sure the customer should read this.</source>
        <translation>Исправьте эти фразы или всё равно скопируйте текст, если уверены, что клиенту следует это прочитать.</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Скопировано в буфер обмена.</translation>
    </message>
    <message>
        <source>The provider confirmed the refund, then reported that it failed: the money did not reach the customer. The message says so and gives the next step.</source>
        <translation>Провайдер подтвердил возврат, а затем сообщил, что он не прошёл: деньги до клиента не дошли. Сообщение говорит об этом и называет следующий шаг.</translation>
    </message>
    <message>
        <source>Discard the edited message?</source>
        <translation>Отбросить изменённое сообщение?</translation>
    </message>
    <message>
        <source>The message was edited and not copied. Close and lose the edits?</source>
        <translation>Сообщение изменено и не скопировано. Закрыть и потерять изменения?</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Отбросить</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
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
        <translation>Начало (UTC)</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>Местное</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Итог</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Provider request</source>
        <translation>Запрос к провайдеру</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Повтор</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Вызов инструмента</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Длительность</translation>
    </message>
    <message>
        <source>Mapped to the operation</source>
        <translation>Связь с операцией</translation>
    </message>
    <message>
        <source>Returned</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>Когда (UTC)</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Исполнитель</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Роль</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Подробности</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Вызовы инструмента</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Журнал аудита</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Ключ идемпотентности</translation>
    </message>
    <message>
        <source>Key expires</source>
        <translation>Ключ истекает</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создана</translation>
    </message>
    <message>
        <source>First attempt</source>
        <translation>Первая попытка</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Последняя попытка</translation>
    </message>
    <message>
        <source>Why unknown</source>
        <translation>Почему неизвестно</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Возврат у провайдера</translation>
    </message>
    <message>
        <source>Provider status</source>
        <translation>Статус у провайдера</translation>
    </message>
    <message>
        <source>Failure code</source>
        <translation>Код ошибки</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Закрыта</translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation>Кем решено</translation>
    </message>
    <message>
        <source>Resolution note</source>
        <translation>Примечание к решению</translation>
    </message>
    <message>
        <source>Select an operation to see its attempts, tool calls and audit log.</source>
        <translation>Выберите операцию, чтобы увидеть её попытки, вызовы инструмента и журнал аудита.</translation>
    </message>
    <message>
        <source>Order %1 · %2</source>
        <translation>Заказ %1 · %2</translation>
    </message>
    <message>
        <source>%1  ·  %2 minor units, %3</source>
        <translation>%1  ·  %2 в мин. ед., %3</translation>
    </message>
    <message>
        <source>%1 of %2 allowed</source>
        <translation>%1 из %2 допустимых</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Attempts (%1)</source>
        <translation>Попытки (%1)</translation>
    </message>
    <message>
        <source>Tool calls (%1)</source>
        <translation>Вызовы инструмента (%1)</translation>
    </message>
    <message>
        <source>Audit log (%1)</source>
        <translation>Журнал аудита (%1)</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>через %1</translation>
    </message>
    <message>
        <source>— (no attempt yet)</source>
        <translation>— (попыток ещё не было)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>повтор</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>created it (committed the key)</source>
        <translation>создал её (зафиксировал ключ)</translation>
    </message>
    <message>
        <source>joined the existing operation</source>
        <translation>присоединился к существующей операции</translation>
    </message>
    <message>
        <source>Look up &amp;&amp; resolve…</source>
        <translation>Найти и решить…</translation>
    </message>
    <message>
        <source>Customer message…</source>
        <translation>Сообщение клиенту…</translation>
    </message>
    <message>
        <source>Draft the honest message for the customer (Ctrl+M)</source>
        <translation>Составить честное сообщение для клиента (Ctrl+M)</translation>
    </message>
    <message>
        <source>Open: the refund tool may still be working on it, so it cannot be resolved yet.</source>
        <translation>Открыта: инструмент возвратов, возможно, ещё работает с ней, поэтому решить её пока нельзя.</translation>
    </message>
    <message>
        <source>Look the refund up at the provider and resolve it with evidence (Ctrl+L)</source>
        <translation>Найти возврат у провайдера и решить операцию с доказательствами (Ctrl+L)</translation>
    </message>
    <message>
        <source>Auto-resolved</source>
        <translation>Решено автоматически</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Отменён провайдером</translation>
    </message>
    <message>
        <source>by the reconciler (%1) at %2, from event %3 and refund %4</source>
        <translation>сверкой (%1) в %2, по событию %3 и возврату %4</translation>
    </message>
    <message>
        <source>at %1 by %2: the provider reports refund %3 failed (%4), event %5. The money did not reach the customer.</source>
        <translation>в %1, %2: провайдер сообщает, что возврат %3 не прошёл (%4), событие %5. Деньги до клиента не дошли.</translation>
    </message>
    <message>
        <source>at %1 by %2 (%3)</source>
        <translation>в %1, %2 (%3)</translation>
    </message>
    <message>
        <source>lost the insert race, joined the winner&apos;s row</source>
        <translation>проиграл гонку вставки, присоединился к строке победителя</translation>
    </message>
    <message>
        <source>Closed operations never change.</source>
        <translation>Закрытые операции никогда не меняются.</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Загрузка %1…</translation>
    </message>
    <message numerus="yes">
        <source>Paid more than once: the provider made %n refunds (%1) for this order and amount (and request reference, if the calls named one). Its operations: %2. Nobody may refund it again; the extra money is to be recovered.</source>
        <translation>
            <numerusform>Оплачено больше одного раза: провайдер сделал %n возврат (%1) по этому заказу и сумме (и ссылке на запрос, если вызовы её называли). Его операции: %2. Никто не должен возвращать его снова; лишние деньги нужно взыскать.</numerusform>
            <numerusform>Оплачено больше одного раза: провайдер сделал %n возврата (%1) по этому заказу и сумме (и ссылке на запрос, если вызовы её называли). Его операции: %2. Никто не должен возвращать его снова; лишние деньги нужно взыскать.</numerusform>
            <numerusform>Оплачено больше одного раза: провайдер сделал %n возвратов (%1) по этому заказу и сумме (и ссылке на запрос, если вызовы её называли). Его операции: %2. Никто не должен возвращать его снова; лишние деньги нужно взыскать.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not check whether the provider paid this refund twice: %1</source>
        <translation>Не удалось проверить, не оплатил ли провайдер этот возврат дважды: %1</translation>
    </message>
</context>
<context>
    <name>FoundRefundTable</name>
    <message>
        <source>refund list</source>
        <translation>список возвратов</translation>
    </message>
    <message>
        <source>event (key)</source>
        <translation>событие (ключ)</translation>
    </message>
    <message>
        <source>list + event</source>
        <translation>список + событие</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Возврат</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Создан (UTC)</translation>
    </message>
    <message>
        <source>Found by</source>
        <translation>Найден через</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Метаданные</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Проверки</translation>
    </message>
    <message>
        <source>(no status)</source>
        <translation>(нет статуса)</translation>
    </message>
    <message>
        <source>Events: %1</source>
        <translation>События: %1</translation>
    </message>
    <message>
        <source>✓ amount, currency, order match</source>
        <translation>✓ сумма, валюта и заказ совпадают</translation>
    </message>
</context>
<context>
    <name>HistoryCharts</name>
    <message>
        <source>Operations per week by outcome</source>
        <translation>Операции за неделю по итогам</translation>
    </message>
    <message>
        <source>Operations per day by outcome</source>
        <translation>Операции за день по итогам</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Дата создания (UTC)</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Операции</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented per week</source>
        <translation>Предотвращённые повторные возвраты за неделю</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented per day</source>
        <translation>Предотвращено двойных возвратов за день</translation>
    </message>
    <message>
        <source>Operation created (UTC)</source>
        <translation>Создание операции (UTC)</translation>
    </message>
    <message>
        <source>%1 — %2 duplicates prevented</source>
        <translation>%1 — предотвращено повторов: %2</translation>
    </message>
    <message>
        <source>Provider attempts per operation</source>
        <translation>Попытки у провайдера на операцию</translation>
    </message>
    <message>
        <source>Attempts (same key)</source>
        <translation>Попытки (тот же ключ)</translation>
    </message>
    <message>
        <source>Resolved operations</source>
        <translation>Решённые операции</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 д</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 ч</translation>
    </message>
    <message>
        <source>under %1</source>
        <translation>менее %1</translation>
    </message>
    <message>
        <source>over %1</source>
        <translation>более %1</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 ч</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Лог. шкала</translation>
    </message>
    <message>
        <source>Log scale (busiest week: %1× the median)</source>
        <translation>Лог. шкала (пиковая неделя: %1× медианы)</translation>
    </message>
    <message>
        <source>Log scale (busiest day: %1× the median)</source>
        <translation>Лог. шкала (пиковый день: %1× медианы)</translation>
    </message>
    <message>
        <source>side by side, 0: no bar</source>
        <translation>рядом, 0: без столбца</translation>
    </message>
    <message>
        <source>0: a gap</source>
        <translation>0: разрыв</translation>
    </message>
    <message>
        <source>From created to resolved</source>
        <translation>От создания до решения</translation>
    </message>
    <message>
        <source>Calls and retries</source>
        <translation>Вызовы и повторы</translation>
    </message>
    <message>
        <source>Time to resolve (operations a person or the reconciler resolved)</source>
        <translation>Время до решения (операции, решённые человеком или сверкой)</translation>
    </message>
</context>
<context>
    <name>HistoryStats</name>
    <message>
        <source>Operations</source>
        <translation>Операции</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Вызовы инструмента</translation>
    </message>
    <message>
        <source>Joined tool calls</source>
        <translation>Присоединённые вызовы</translation>
    </message>
    <message>
        <source>Insert races lost</source>
        <translation>Проигранные гонки вставки</translation>
    </message>
    <message>
        <source>Provider replays</source>
        <translation>Повторы у провайдера</translation>
    </message>
    <message>
        <source>Attempts beyond the first</source>
        <translation>Попытки сверх первой</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented</source>
        <translation>Предотвращено двойных возвратов</translation>
    </message>
    <message>
        <source>Unknown rate</source>
        <translation>Доля неизвестных</translation>
    </message>
    <message>
        <source>Money in unknown</source>
        <translation>Сумма в неизвестных</translation>
    </message>
    <message>
        <source>Unknown now</source>
        <translation>Неизвестных сейчас</translation>
    </message>
    <message>
        <source>Money in unknown now</source>
        <translation>Сумма в неизвестных сейчас</translation>
    </message>
    <message>
        <source>Time to resolve, median</source>
        <translation>Время до решения, медиана</translation>
    </message>
    <message>
        <source>Time to resolve, p90</source>
        <translation>Время до решения, p90</translation>
    </message>
    <message>
        <source>Settled by the reconciler</source>
        <translation>Урегулировано сверкой</translation>
    </message>
    <message>
        <source>Time to settle, reconciler</source>
        <translation>Время урегулирования, сверка</translation>
    </message>
    <message>
        <source>Time to settle, people</source>
        <translation>Время урегулирования, люди</translation>
    </message>
    <message>
        <source>Reversals</source>
        <translation>Отменены провайдером</translation>
    </message>
    <message>
        <source>Money reversed</source>
        <translation>Сумма, отменённая провайдером</translation>
    </message>
    <message>
        <source>Unmatched provider events</source>
        <translation>Несопоставленные события провайдера</translation>
    </message>
    <message>
        <source>Over the operations created in the selected UTC range (and state, if one is chosen).</source>
        <translation>По операциям, созданным в выбранном диапазоне UTC (и в выбранном состоянии, если оно задано).</translation>
    </message>
    <message>
        <source>Logical refund operations (rows of refund_ops): one per refund, whatever the number of tool calls and attempts.</source>
        <translation>Операции логических возвратов (строки refund_ops): одна на возврат, сколько бы ни было вызовов инструмента и попыток.</translation>
    </message>
    <message>
        <source>Calls of the refund tool that were mapped onto one of these operations (tool_calls with an operation). Calls rejected before any operation existed are not counted.</source>
        <translation>Вызовы инструмента возврата, отнесённые к одной из этих операций (tool_calls с операцией). Вызовы, отклонённые до появления операции, не учитываются.</translation>
    </message>
    <message>
        <source>Tool calls that found the operation already there and reused its key instead of opening a new one (created_operation = 0), e.g. the customer&apos;s &quot;try again&quot;. Includes lost insert races.</source>
        <translation>Вызовы, которые застали операцию уже созданной и повторно использовали её ключ вместо новой операции (created_operation = 0), например «попробуйте ещё раз» клиента. Включая проигранные гонки вставки.</translation>
    </message>
    <message>
        <source>Tool calls that inserted at the same moment as another call, were refused by the database&apos;s unique index and read the winner&apos;s row (lost_insert_race = 1). Part of the joined calls.</source>
        <translation>Вызовы, вставлявшие строку одновременно с другим вызовом: уникальный индекс базы их отклонил, и они прочитали строку победителя (lost_insert_race = 1). Входят в присоединённые вызовы.</translation>
    </message>
    <message>
        <source>Provider attempts answered with a saved response (Idempotent-Replayed: true): the provider recognised the key and did not execute the refund again.</source>
        <translation>Попытки, на которые провайдер ответил сохранённым ответом (Idempotent-Replayed: true): он узнал ключ и не выполнил возврат повторно.</translation>
    </message>
    <message>
        <source>Retries: the sum of (attempts - 1) over operations with at least one attempt. Every retry sent the operation&apos;s stored key.</source>
        <translation>Повторы: сумма (попытки − 1) по операциям хотя бы с одной попыткой. Каждый повтор отправлял сохранённый ключ операции.</translation>
    </message>
    <message>
        <source>Calls and retries that reused a key or were answered from a refunded operation: tool calls that joined an existing operation instead of opening a new one (answered-from-refunded calls, where nothing was sent, and lost insert races are among them) plus attempts beyond the first (every retry sent the operation&apos;s stored key). Each is a request that, with a fresh key, could have become a second refund. It counts requests, not operations, so it can exceed the number of operations. They were prevented only while refunds per logical refund stays at most 1; the History tab flags the figure otherwise. Per day: by the UTC day the operation was created.</source>
        <translation>Вызовы и повторы, которые повторно использовали ключ или получили ответ от уже возвращённой операции: вызовы, присоединившиеся к существующей операции вместо новой (среди них ответы по возвращённым операциям, когда ничего не отправлялось, и проигранные гонки вставки), плюс попытки сверх первой (каждый повтор отправлял сохранённый ключ операции). С новым ключом каждый такой запрос мог бы стать вторым возвратом. Считаются запросы, а не операции, поэтому число может превышать число операций. Они предотвращены, только пока возвратов на логический возврат не больше 1; иначе вкладка «История» помечает показатель. По дням: по дню UTC создания операции.</translation>
    </message>
    <message>
        <source>Operations whose status is now unknown, divided by all operations: outcomes nobody could confirm yet, waiting for a reviewer.</source>
        <translation>Операции со статусом «неизвестно», делённые на все операции: исходы, которые пока никто не смог подтвердить; ждут проверяющего.</translation>
    </message>
    <message>
        <source>Sum of the amounts of operations now unknown, per currency, in major units: money that may or may not have been refunded.</source>
        <translation>Сумма операций со статусом «неизвестно» по валютам, в основных единицах: деньги, которые, возможно, возвращены, а возможно, нет.</translation>
    </message>
    <message>
        <source>Operations whose status is unknown right now, whatever day they were created and whatever state is chosen: everything waiting for a reviewer. Not limited to the selected range.</source>
        <translation>Операции со статусом «неизвестно» прямо сейчас, в какой бы день они ни были созданы и какое бы состояние ни было выбрано: всё, что ждёт проверяющего. Не ограничено выбранным диапазоном.</translation>
    </message>
    <message>
        <source>Sum of the amounts of every operation unknown right now, per currency, in major units, whatever day it was created: all the money that may or may not have been refunded. Not limited to the selected range.</source>
        <translation>Сумма всех операций со статусом «неизвестно» прямо сейчас, по валютам, в основных единицах, в какой бы день они ни были созданы: все деньги, которые, возможно, возвращены, а возможно, нет. Не ограничено выбранным диапазоном.</translation>
    </message>
    <message>
        <source>Unknown operations the reconciler resolved as refunded on the provider&apos;s own evidence (a refund event and the refund object it fetched itself), with no person involved. The reconciler never resolves an operation as failed.</source>
        <translation>Неизвестные операции, которые сверка решила как возвращённые по собственным данным провайдера (событие возврата и объект возврата, запрошенный ею самой), без участия человека. Сверка никогда не решает операцию как неудачную.</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over the operations the reconciler resolved (nearest-rank).</source>
        <translation>Медиана resolved_at − created_at по операциям, решённым сверкой (ближайший ранг).</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over the operations a person resolved, in the console or with refund-tool review (nearest-rank).</source>
        <translation>Медиана resolved_at − created_at по операциям, решённым человеком в консоли или через refund-tool review (ближайший ранг).</translation>
    </message>
    <message>
        <source>Sum of the amounts of reversed operations, per currency, in major units: refunds the customer was told about that did not reach them.</source>
        <translation>Сумма операций, отменённых провайдером, по валютам, в основных единицах: возвраты, о которых клиенту сообщили, но которые до него не дошли.</translation>
    </message>
    <message>
        <source>Provider events about refunds that no operation knows (no operation named by the refund&apos;s metadata): recorded and shown under Review &gt; Unmatched provider events, never acted on. Often refunds made outside this tool. Not limited to the selected range.</source>
        <translation>События провайдера о возвратах, которых не знает ни одна операция (метаданные возврата не называют операцию): записываются и показываются в «Проверка › Несопоставленные события провайдера», но никогда не обрабатываются. Часто это возвраты, сделанные вне этого инструмента. Не ограничено выбранным диапазоном.</translation>
    </message>
    <message>
        <source>Refunds that were confirmed and that the provider reported failed later (shown as Reversed): the money went back to the merchant and the customer has nothing. A new &quot;try again&quot; may open a new operation for them.</source>
        <translation>Подтверждённые возвраты, о которых провайдер позже сообщил, что они не прошли (показаны как «Отменён провайдером»): деньги вернулись продавцу, у клиента их нет. Новая просьба «попробуйте ещё раз» может открыть для него новую операцию.</translation>
    </message>
    <message>
        <source>Refunds per logical refund (max)</source>
        <translation>Возвратов на логический возврат (макс.)</translation>
    </message>
    <message>
        <source>The largest number of refunds the provider made for one logical refund (the same order, amount and request reference), counted from the provider&apos;s evidence: the refund each operation was closed with and every refund the provider reported for its operations. A refund the provider reported failed later does not count; without a request reference, a call more than the repeat window after a refund is a new logical refund. Must be at most 1: anything higher is money paid twice.</source>
        <translation>Наибольшее число возвратов, сделанных провайдером по одному логическому возврату (тот же заказ, сумма и ссылка на запрос), по данным самого провайдера: возврат, с которым закрыта каждая операция, и каждый возврат, о котором провайдер сообщил по её операциям. Возврат, который провайдер позже назвал неудавшимся, не считается; без ссылки на запрос вызов позже окна повтора после возврата — новый логический возврат. Должно быть не больше 1: больше значит, что деньги выплачены дважды.</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank, no interpolation); Time to settle tells the two apart.</source>
        <translation>Медиана resolved_at − created_at по решённым операциям, кем бы они ни были решены, человеком или сверкой (ближайший ранг, без интерполяции); «Время урегулирования» показывает их по отдельности.</translation>
    </message>
    <message>
        <source>90th percentile of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank): nine in ten were resolved at least this fast.</source>
        <translation>90-й перцентиль resolved_at − created_at по решённым операциям, кем бы они ни были решены, человеком или сверкой (ближайший ранг): девять из десяти решены не медленнее.</translation>
    </message>
</context>
<context>
    <name>HistoryTab</name>
    <message>
        <source>From (UTC)</source>
        <translation>С (UTC)</translation>
    </message>
    <message>
        <source>to (UTC, inclusive)</source>
        <translation>по (UTC, включительно)</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>Все статусы</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Экспорт в CSV…</translation>
    </message>
    <message>
        <source>The end date is before the start date: pick a later end date.</source>
        <translation>Дата окончания раньше даты начала: выберите более позднюю дату окончания.</translation>
    </message>
    <message>
        <source>The operations table could not be read: %1</source>
        <translation>Не удалось прочитать таблицу операций: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Вычисление…</translation>
    </message>
    <message>
        <source>The history could not be computed: %1</source>
        <translation>Не удалось вычислить историю: %1</translation>
    </message>
    <message>
        <source>no refunds</source>
        <translation>нет возвратов</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>none resolved</source>
        <translation>нет решённых</translation>
    </message>
    <message>
        <source>%1 operations · computed in %2 ms</source>
        <translation>Операций: %1 · вычислено за %2 мс</translation>
    </message>
    <message>
        <source>No operations were created in this range%1.
Pick a wider date range or another state to see the duplicate-prevention history.</source>
        <translation>Ни одной операции%1 не создано в этом диапазоне.
Выберите более широкий диапазон дат или другой статус, чтобы увидеть историю предотвращения повторов.</translation>
    </message>
    <message>
        <source> with state %1</source>
        <translation> со статусом «%1»</translation>
    </message>
    <message>
        <source>Export history as CSV</source>
        <translation>Экспорт истории в CSV</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>Exporting %1 operations…</source>
        <translation>Экспорт операций: %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>The export could not start: %1</source>
        <translation>Не удалось начать экспорт: %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>The export failed, no file was written: %1</source>
        <translation>Экспорт не удался, файл не записан: %1</translation>
    </message>
    <message>
        <source>Export cancelled: no file was written.</source>
        <translation>Экспорт отменён: файл не записан.</translation>
    </message>
    <message>
        <source>Exported %1 operations to %2.</source>
        <translation>Экспортировано операций: %1, файл: %2.</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Последние 7 дней</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Последние 30 дней</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Последние 90 дней</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>За всё время</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>Свой период</translation>
    </message>
    <message>
        <source>No figures: the range is not valid.</source>
        <translation>Нет показателей: период задан неверно.</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Лог. шкала</translation>
    </message>
    <message>
        <source>Order %1, %2%3: refunds %4</source>
        <translation>Заказ %1, %2%3: возвраты %4</translation>
    </message>
    <message>
        <source>, request %1</source>
        <translation>, запрос %1</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>и ещё %n</numerusform>
            <numerusform>и ещё %n</numerusform>
            <numerusform>и ещё %n</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryTableModel</name>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Вызовы инструмента</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Создана (UTC)</translation>
    </message>
    <message>
        <source>Closed / resolved (UTC)</source>
        <translation>Закрыта / решена (UTC)</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Возврат у провайдера</translation>
    </message>
    <message>
        <source>Reason / failure code</source>
        <translation>Причина / код ошибки</translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation>Кем решено</translation>
    </message>
    <message>
        <source>Resolution note</source>
        <translation>Примечание к решению</translation>
    </message>
</context>
<context>
    <name>LogViewDialog</name>
    <message>
        <source>Log</source>
        <translation>Журнал</translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Keys and passwords are never written.</source>
        <translation>Последние строки журнала этого сеанса. Ключи и пароли никогда не записываются.</translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Older lines: %1. Keys and passwords are never written.</source>
        <translation>Последние строки журнала этого сеанса. Более старые строки: %1. Ключи и пароли никогда не записываются.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
</context>
<context>
    <name>LookupPanel</name>
    <message>
        <source>Not looked up yet.</source>
        <translation>Поиск ещё не выполнялся.</translation>
    </message>
    <message>
        <source>Cancel lookup</source>
        <translation>Отменить поиск</translation>
    </message>
    <message>
        <source>Look up again</source>
        <translation>Искать снова</translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation>Отмена…</translation>
    </message>
    <message>
        <source>Looking up %1 at the provider…</source>
        <translation>Поиск %1 у провайдера…</translation>
    </message>
    <message>
        <source>No refund is linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation>С этой операцией не связан ни один возврат. Проверено возвратов платежа: %1, событий возврата: %2 (%3).</translation>
    </message>
    <message numerus="yes">
        <source>%n refund(s) linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation>
            <numerusform>С этой операцией связан %n возврат. Проверено возвратов платежа: %1, событий возврата: %2 (%3).</numerusform>
            <numerusform>С этой операцией связано %n возврата. Проверено возвратов платежа: %1, событий возврата: %2 (%3).</numerusform>
            <numerusform>С этой операцией связано %n возвратов. Проверено возвратов платежа: %1, событий возврата: %2 (%3).</numerusform>
        </translation>
    </message>
    <message>
        <source>Lookup canceled. What is shown is incomplete and proves nothing.</source>
        <translation>Поиск отменён. Показанные данные неполны и ничего не доказывают.</translation>
    </message>
    <message>
        <source>Lookup incomplete: reading %1 failed.</source>
        <translation>Поиск не завершён: не удалось прочитать %1.</translation>
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
        <translation>Провайдер не принимает ключ чтения. Проверьте ключ в PROVIDER_API_KEY или «Файл › Подключиться»: это должен быть ограниченный ключ чтения (rk_…) этого аккаунта провайдера.</translation>
    </message>
    <message>
        <source>The key is valid but may not read refunds or events. Ask an admin to give the restricted key read access to Refunds, Events and PaymentIntents.</source>
        <translation>Ключ действителен, но не может читать возвраты или события. Попросите администратора дать ограниченному ключу доступ на чтение к Refunds, Events и PaymentIntents.</translation>
    </message>
    <message>
        <source>The provider is rate limiting us even after several retries. Wait a minute and look up again; lower lookup_concurrency if it keeps happening.</source>
        <translation>Провайдер ограничивает частоту запросов даже после нескольких повторов. Подождите минуту и проверьте снова; если это повторяется, уменьшите lookup_concurrency.</translation>
    </message>
    <message>
        <source>The provider does not know the order&apos;s payment. Check that the console points at the same provider account (live or test) as the refund tool.</source>
        <translation>Провайдер не знает платёж заказа. Проверьте, что консоль подключена к тому же аккаунту провайдера (боевому или тестовому), что и инструмент возврата.</translation>
    </message>
    <message>
        <source>The provider refused the read request. The detail names the parameter; report it to an engineer with the request id.</source>
        <translation>Провайдер отклонил запрос на чтение. В подробностях указан параметр; сообщите инженеру вместе с идентификатором запроса.</translation>
    </message>
    <message>
        <source>The provider had an internal error. Look up again in a few minutes; check the provider&apos;s status page if it persists.</source>
        <translation>У провайдера внутренняя ошибка. Проверьте снова через несколько минут; если не проходит, посмотрите страницу статуса провайдера.</translation>
    </message>
    <message>
        <source>The provider could not be reached. Check the network connection and the provider URL, then look up again.</source>
        <translation>Провайдер недоступен. Проверьте сетевое подключение и URL провайдера, затем проверьте снова.</translation>
    </message>
    <message>
        <source>The provider did not answer in time. Look up again; if it keeps happening raise request_timeout_ms in the settings.</source>
        <translation>Провайдер не ответил вовремя. Проверьте снова; если это повторяется, увеличьте request_timeout_ms в настройках.</translation>
    </message>
    <message>
        <source>The provider&apos;s answer could not be read. Check that the provider URL points at the provider&apos;s API, not a web page or proxy.</source>
        <translation>Не удалось прочитать ответ провайдера. Проверьте, что URL провайдера указывает на его API, а не на веб-страницу или прокси.</translation>
    </message>
    <message>
        <source>The lookup was canceled. Nothing can be concluded from it.</source>
        <translation>Проверка отменена. Из неё нельзя сделать никаких выводов.</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>выполнен</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>в обработке</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не прошёл</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>отменён</translation>
    </message>
    <message>
        <source>requires action</source>
        <translation>требует действия</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Refund operations</source>
        <translation>Операции возврата</translation>
    </message>
    <message>
        <source>Provider: not configured</source>
        <translation>Провайдер: не настроен</translation>
    </message>
    <message>
        <source>OPERATIONS</source>
        <translation>ОПЕРАЦИИ</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Подключиться…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыход</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Найти</translation>
    </message>
    <message>
        <source>Copy cells</source>
        <translation>Копировать ячейки</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>&amp;О программе</translation>
    </message>
    <message>
        <source>About Refund operations</source>
        <translation>О программе «Операции возврата»</translation>
    </message>
    <message>
        <source>&lt;b&gt;Refund operations console&lt;/b&gt; %1&lt;br&gt;Triage refunds whose outcome is unknown, review attempt and tool-call history. The console only reads from the payment provider and never sends a refund.</source>
        <translation>&lt;b&gt;Консоль операций возврата&lt;/b&gt; %1&lt;br&gt;Разбор возвратов с неизвестным итогом, просмотр истории попыток и вызовов инструмента. Консоль только читает данные платёжного провайдера и никогда не отправляет возвраты.</translation>
    </message>
    <message>
        <source>typed in</source>
        <translation>введён вручную</translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation>системная связка ключей</translation>
    </message>
    <message>
        <source>The key could not be saved in the system keychain (%1). It is used for this session only.</source>
        <translation>Не удалось сохранить ключ в системной связке ключей (%1). Он будет использоваться только в этом сеансе.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Загрузка…</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Загрузка</translation>
    </message>
    <message>
        <source>The database address is not valid.</source>
        <translation>Недопустимый адрес базы данных.</translation>
    </message>
    <message>
        <source>%1. Use File › Connect to enter postgresql://user@host/db or sqlite:/path.</source>
        <translation>%1. Используйте Файл › Подключиться, чтобы ввести postgresql://user@host/db или sqlite:/path.</translation>
    </message>
    <message>
        <source>Refund operations — %1</source>
        <translation>Операции возврата — %1</translation>
    </message>
    <message>
        <source>This database cannot be shown.</source>
        <translation>Эту базу данных невозможно отобразить.</translation>
    </message>
    <message>
        <source>Its schema is older than this console. Run `refund-tool db migrate` on it, then press F5.</source>
        <translation>Её схема старее этой консоли. Выполните для неё `refund-tool db migrate`, затем нажмите F5.</translation>
    </message>
    <message>
        <source>A write key (sk_…) was given for the provider (from %1). The console only reads from the provider and refuses to use it. Create a restricted read-only key (rk_…) and set it in PROVIDER_API_KEY or with File › Connect.</source>
        <translation>Для провайдера указан ключ записи (sk_…) (источник: %1). Консоль только читает данные провайдера и отказывается его использовать. Создайте ограниченный ключ только для чтения (rk_…) и задайте его в PROVIDER_API_KEY или через Файл › Подключиться.</translation>
    </message>
    <message>
        <source>Provider: %1 — write key refused</source>
        <translation>Провайдер: %1 — ключ записи отклонён</translation>
    </message>
    <message>
        <source>Provider: %1 — no read key (set PROVIDER_API_KEY)</source>
        <translation>Провайдер: %1 — нет ключа чтения (задайте PROVIDER_API_KEY)</translation>
    </message>
    <message>
        <source>Provider: %1 — checking…</source>
        <translation>Провайдер: %1 — проверка…</translation>
    </message>
    <message>
        <source>Read key %1 from %2</source>
        <translation>Ключ чтения %1, источник: %2</translation>
    </message>
    <message>
        <source>Provider: %1 — %2</source>
        <translation>Провайдер: %1 — %2</translation>
    </message>
    <message>
        <source>Operation %1 was not found in this database.</source>
        <translation>Операция %1 не найдена в этой базе данных.</translation>
    </message>
    <message>
        <source>%1 is no longer in this list (its state changed). Use All or search for it.</source>
        <translation>Операции %1 больше нет в этом списке (её статус изменился). Выберите «Все» или найдите её поиском.</translation>
    </message>
    <message>
        <source>The database refused a query: %1. The data shown may be incomplete; press F5 to try again.</source>
        <translation>База данных отклонила запрос: %1. Показанные данные могут быть неполными; нажмите F5, чтобы повторить.</translation>
    </message>
    <message>
        <source>database</source>
        <translation>база данных</translation>
    </message>
    <message>
        <source>Check that PostgreSQL is running and reachable</source>
        <translation>Проверьте, что PostgreSQL запущен и доступен</translation>
    </message>
    <message>
        <source>Check that the database file exists and is readable</source>
        <translation>Проверьте, что файл базы данных существует и доступен для чтения</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot reach the database&lt;/b&gt; (%1 %2): %3.&lt;br&gt;%4; retrying every %5 s.</source>
        <translation>&lt;b&gt;Нет связи с базой данных&lt;/b&gt; (%1 %2): %3.&lt;br&gt;%4; повторная попытка каждые %5 с.</translation>
    </message>
    <message>
        <source>Nothing is lost: the rows below are from %1 and may be out of date.</source>
        <translation>Ничего не потеряно: строки ниже получены в %1 и могут быть устаревшими.</translation>
    </message>
    <message>
        <source>Cannot reach the database</source>
        <translation>Нет связи с базой данных</translation>
    </message>
    <message>
        <source>%1 at %2. %3; retrying every %4 s.</source>
        <translation>%1: %2. %3; повторная попытка каждые %4 с.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>Ничего не найдено по запросу «%1».</translation>
    </message>
    <message>
        <source>No refund operations yet.</source>
        <translation>Операций возврата пока нет.</translation>
    </message>
    <message>
        <source>Operations appear here as soon as the refund tool handles its first call.</source>
        <translation>Операции появятся здесь, как только инструмент возвратов обработает первый вызов.</translation>
    </message>
    <message>
        <source>No open refunds — nothing is being retried.</source>
        <translation>Открытых возвратов нет — ничего не повторяется.</translation>
    </message>
    <message>
        <source>Open operations are the ones the refund tool may still retry.</source>
        <translation>Открытые операции — это те, которые инструмент возвратов ещё может повторить.</translation>
    </message>
    <message>
        <source>No unknown refunds — nothing needs checking.</source>
        <translation>Неизвестных возвратов нет — проверять нечего.</translation>
    </message>
    <message>
        <source>When the provider&apos;s answer is lost, the operation shows up here for a person to look up.</source>
        <translation>Если ответ провайдера потерян, операция появляется здесь, чтобы сотрудник нашёл её у провайдера.</translation>
    </message>
    <message>
        <source>No refunded operations yet.</source>
        <translation>Возвращённых операций пока нет.</translation>
    </message>
    <message>
        <source>Refunds confirmed by the provider are listed here with their refund id.</source>
        <translation>Здесь перечислены возвраты, подтверждённые провайдером, с их id возврата.</translation>
    </message>
    <message>
        <source>No failed refunds.</source>
        <translation>Невыполненных возвратов нет.</translation>
    </message>
    <message>
        <source>Refunds the provider refused, or that a reviewer confirmed were never made, are listed here.</source>
        <translation>Здесь перечислены возвраты, которые провайдер отклонил или которые, по подтверждению проверяющего, так и не были выполнены.</translation>
    </message>
    <message>
        <source>No key expires within the next hour.</source>
        <translation>Ни один ключ не истекает в ближайший час.</translation>
    </message>
    <message>
        <source>Open and unknown operations whose idempotency key is about to expire at the provider are listed here, soonest first.</source>
        <translation>Здесь перечислены открытые и неизвестные операции, чей ключ идемпотентности скоро истечёт у провайдера; сначала — ближайшие.</translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation>Ничего не выбрано.</translation>
    </message>
    <message>
        <source>%1 · 1 operation</source>
        <translation>%1 · 1 операция</translation>
    </message>
    <message>
        <source>%1 · %2 operations</source>
        <translation>%1 · операций: %2</translation>
    </message>
    <message>
        <source>%1 of %2 rows loaded</source>
        <translation>Загружено строк: %1 из %2</translation>
    </message>
    <message>
        <source>Database: not connected</source>
        <translation>База данных: не подключена</translation>
    </message>
    <message>
        <source>Database: %1 %2%3</source>
        <translation>База данных: %1 %2%3</translation>
    </message>
    <message>
        <source> — disconnected</source>
        <translation> — отключена</translation>
    </message>
    <message>
        <source>Role: %1 (SQLite: shapes the interface only)</source>
        <translation>Роль: %1 (SQLite: влияет только на интерфейс)</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>Роль: %1</translation>
    </message>
    <message>
        <source>On PostgreSQL the database itself enforces what this role may do.</source>
        <translation>В PostgreSQL сама база данных ограничивает то, что может делать эта роль.</translation>
    </message>
    <message>
        <source>Connect a provider with a read-only key (PROVIDER_API_KEY or File › Connect) to look refunds up.</source>
        <translation>Подключите провайдера с ключом только для чтения (PROVIDER_API_KEY или Файл › Подключиться), чтобы искать возвраты.</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Журнал</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>&amp;Проверка</translation>
    </message>
    <message>
        <source>Look up &amp;&amp; &amp;resolve selected…</source>
        <translation>Найти &amp;&amp; &amp;решить выбранную…</translation>
    </message>
    <message>
        <source>Customer &amp;message for selected…</source>
        <translation>&amp;Сообщение клиенту по выбранной…</translation>
    </message>
    <message>
        <source>&amp;Check all unknown…</source>
        <translation>Проверить все &amp;неизвестные…</translation>
    </message>
    <message>
        <source>Checking unknown refunds needs the provider: connect one with a read-only key (PROVIDER_API_KEY or File › Connect).</source>
        <translation>Для проверки неизвестных возвратов нужен провайдер: подключите его с ключом только для чтения (PROVIDER_API_KEY или Файл › Подключиться).</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Операции</translation>
    </message>
    <message>
        <source>History</source>
        <translation>История</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>Duplicate-prevention history, charts and CSV export</source>
        <translation>История предотвращения повторов, графики и экспорт в CSV</translation>
    </message>
    <message>
        <source>History is for finance and admins; your role is %1.</source>
        <translation>История доступна финансам и администраторам; ваша роль — %1.</translation>
    </message>
    <message>
        <source>Retry budgets, backoff, timeouts and provider API version</source>
        <translation>Лимиты повторов, задержки, тайм-ауты и версия API провайдера</translation>
    </message>
    <message>
        <source>Only admins change settings; your role (%1) sees them read-only.</source>
        <translation>Изменять настройки могут только администраторы; для вашей роли (%1) они доступны только для чтения.</translation>
    </message>
    <message>
        <source>The database login has no refund role, so it can read nothing here. An admin can grant one: refund-tool db grant --user LOGIN --role support.</source>
        <translation>У учётной записи базы данных нет роли для возвратов, поэтому здесь ничего нельзя прочитать. Администратор может выдать роль: refund-tool db grant --user LOGIN --role support.</translation>
    </message>
    <message>
        <source>SQLite is single-user and not a security boundary: the role only decides what the console offers.</source>
        <translation>SQLite однопользовательская и не служит границей безопасности: роль определяет только то, что предлагает консоль.</translation>
    </message>
    <message>
        <source>There is no database at %1.</source>
        <translation>По адресу %1 нет базы данных.</translation>
    </message>
    <message>
        <source>Check the path, or create the database with: refund-tool db migrate --db %1. File › Connect picks another one.</source>
        <translation>Проверьте путь или создайте базу данных командой: refund-tool db migrate --db %1. Другую базу можно выбрать в меню Файл › Подключиться.</translation>
    </message>
    <message>
        <source>The database cannot be opened.</source>
        <translation>Не удаётся открыть базу данных.</translation>
    </message>
    <message>
        <source>%1. Check that --db names an operation database, or create one with refund-tool db migrate.</source>
        <translation>%1. Проверьте, что --db указывает на базу операций, или создайте её командой refund-tool db migrate.</translation>
    </message>
    <message>
        <source>The provider at %1 does not answer (%2). Look-ups and resolutions wait until it does: check the URL (File › Connect) and the network. The operations below are from the database and stay current.</source>
        <translation>Провайдер по адресу %1 не отвечает (%2). Поиск и решение операций подождут, пока он не ответит: проверьте адрес (Файл › Подключиться) и сеть. Операции ниже берутся из базы данных и остаются актуальными.</translation>
    </message>
    <message>
        <source>A confirmed refund was reversed: the provider reports it failed, so the money did not reach the customer. Open Reversed and send the customer the next step.</source>
        <translation>Подтверждённый возврат отменён: провайдер сообщает, что он не прошёл, и деньги до клиента не дошли. Откройте «Отменён провайдером» и отправьте клиенту следующий шаг.</translation>
    </message>
    <message>
        <source>No reversed refunds.</source>
        <translation>Отменённых провайдером возвратов нет.</translation>
    </message>
    <message>
        <source>Refunds the provider confirmed and later reported failed are listed here; the customer needs a new refund or another way to be paid.</source>
        <translation>Здесь перечислены возвраты, которые провайдер подтвердил, а позже сообщил о неудаче; клиенту нужен новый возврат или другой способ выплаты.</translation>
    </message>
    <message>
        <source>&amp;Unmatched provider events…</source>
        <translation>События &amp;провайдера без операции…</translation>
    </message>
    <message>
        <source>Open Unknown</source>
        <translation>Открыть «Неизвестно»</translation>
    </message>
    <message>
        <source>Open Reversed</source>
        <translation>Открыть «Отменён провайдером»</translation>
    </message>
    <message>
        <source>Refunds need a person</source>
        <translation>Возвраты ждут человека</translation>
    </message>
    <message numerus="yes">
        <source>%n new refund(s) with an unknown outcome: nobody knows yet whether the money went back. Check them at the provider before anyone tells the customer.</source>
        <translation>
            <numerusform>%n новый возврат с неизвестным исходом: пока никто не знает, вернулись ли деньги. Проверьте его у провайдера, прежде чем что-то сообщать клиенту.</numerusform>
            <numerusform>%n новых возврата с неизвестным исходом: пока никто не знает, вернулись ли деньги. Проверьте их у провайдера, прежде чем что-то сообщать клиенту.</numerusform>
            <numerusform>%n новых возвратов с неизвестным исходом: пока никто не знает, вернулись ли деньги. Проверьте их у провайдера, прежде чем что-то сообщать клиенту.</numerusform>
        </translation>
    </message>
    <message>
        <source>A confirmed refund was reversed</source>
        <translation>Подтверждённый возврат отменён</translation>
    </message>
    <message>
        <source>Rows %1–%2 of %3 loaded</source>
        <translation>Загружены строки %1–%2 из %3</translation>
    </message>
    <message>
        <source>%1 is no longer in the database.</source>
        <translation>Операции %1 больше нет в базе данных.</translation>
    </message>
    <message>
        <source>The details of %1 could not be read: %2</source>
        <translation>Не удалось прочитать подробности %1: %2</translation>
    </message>
    <message>
        <source>Filter this view by created date, currency and amount</source>
        <translation>Отфильтровать этот вид по дате создания, валюте и сумме</translation>
    </message>
    <message>
        <source>Filters (%1)</source>
        <translation>Фильтры (%1)</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Фильтры</translation>
    </message>
    <message>
        <source>No operation in this view matches the filters.</source>
        <translation>В этом виде нет операций, подходящих под фильтры.</translation>
    </message>
    <message>
        <source>The created dates, currency and amount under Filters narrow this view only. Change them, or press Clear filters.</source>
        <translation>Даты создания, валюта и сумма в «Фильтрах» сужают только этот вид. Измените их или нажмите «Сбросить фильтры».</translation>
    </message>
    <message>
        <source>Search “%1”</source>
        <translation>Поиск «%1»</translation>
    </message>
    <message>
        <source>%1, search “%2”</source>
        <translation>%1, поиск «%2»</translation>
    </message>
    <message>
        <source>Search all states: order, operation, key, refund id</source>
        <translation>Поиск везде: заказ, операция, ключ, возврат</translation>
    </message>
    <message>
        <source>Finds a part of an order id, operation id, idempotency key or refund id in every state (three characters or more; a shorter term matches an id exactly or its start). Ctrl+F</source>
        <translation>Находит часть номера заказа, ID операции, ключа идемпотентности или ID возврата во всех состояниях (от трёх символов; более короткий запрос ищет ID целиком или его начало). Ctrl+F</translation>
    </message>
    <message>
        <source>Search finds a part of an order id, operation id, idempotency key or provider refund id of three characters or more (a shorter term: an id exactly or its beginning). Check the filters, clear the search or pick All on the left.</source>
        <translation>Поиск находит часть номера заказа, ID операции, ключа идемпотентности или ID возврата у провайдера от трёх символов (более короткий запрос — ID целиком или его начало). Проверьте фильтры, очистите поиск или выберите «Все» слева.</translation>
    </message>
    <message>
        <source>Refunds &amp;paid twice…</source>
        <translation>&amp;Двойные возвраты…</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Скрыть</translation>
    </message>
</context>
<context>
    <name>OperationFilterBar</name>
    <message>
        <source>Created from</source>
        <translation>Создана с</translation>
    </message>
    <message>
        <source>Only operations created on or after this UTC date</source>
        <translation>Только операции, созданные в эту дату (UTC) или позже</translation>
    </message>
    <message>
        <source>to</source>
        <translation>по</translation>
    </message>
    <message>
        <source>Only operations created on or before this UTC date</source>
        <translation>Только операции, созданные в эту дату (UTC) или раньше</translation>
    </message>
    <message>
        <source>One currency (an ISO 4217 code such as USD); an amount range needs one</source>
        <translation>Одна валюта (код ISO 4217, например USD); для диапазона сумм она обязательна</translation>
    </message>
    <message>
        <source>Any currency</source>
        <translation>Любая валюта</translation>
    </message>
    <message>
        <source>min amount</source>
        <translation>мин. сумма</translation>
    </message>
    <message>
        <source>max amount</source>
        <translation>макс. сумма</translation>
    </message>
    <message>
        <source>In the chosen currency&apos;s units, both ends included (e.g. 38.50)</source>
        <translation>В единицах выбранной валюты, обе границы включены (например, 38,50)</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Сбросить фильтры</translation>
    </message>
    <message>
        <source>Created: the end date is before the start date.</source>
        <translation>Дата создания: конечная дата раньше начальной.</translation>
    </message>
    <message>
        <source>Currency: “%1” is not a three-letter code such as USD.</source>
        <translation>Валюта: «%1» — не трёхбуквенный код вроде USD.</translation>
    </message>
    <message numerus="yes">
        <source>%1: “%2” is not an amount in %3 (at most %n decimal(s)).</source>
        <translation>
            <numerusform>%1: «%2» — не сумма в %3 (не больше %n знака после запятой).</numerusform>
            <numerusform>%1: «%2» — не сумма в %3 (не больше %n знаков после запятой).</numerusform>
            <numerusform>%1: «%2» — не сумма в %3 (не больше %n знаков после запятой).</numerusform>
        </translation>
    </message>
    <message>
        <source>Min amount</source>
        <translation>Мин. сумма</translation>
    </message>
    <message>
        <source>Max amount</source>
        <translation>Макс. сумма</translation>
    </message>
    <message>
        <source>Amount: the minimum is above the maximum.</source>
        <translation>Сумма: минимум больше максимума.</translation>
    </message>
</context>
<context>
    <name>OperationFormat</name>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 ч</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 мин %2 с</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>истёк</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Открыта</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Неизвестно</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Не выполнено</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>В процессе</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Успешно</translation>
    </message>
    <message>
        <source>No response</source>
        <translation>Нет ответа</translation>
    </message>
    <message>
        <source>In progress (409)</source>
        <translation>Выполняется (409)</translation>
    </message>
    <message>
        <source>Rate limited (429)</source>
        <translation>Ограничение (429)</translation>
    </message>
    <message>
        <source>Provider error (5xx)</source>
        <translation>Сбой сервера (5xx)</translation>
    </message>
    <message>
        <source>Key mismatch</source>
        <translation>Несовпадение ключа</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Отклонено</translation>
    </message>
    <message>
        <source>Auth failed</source>
        <translation>Ошибка авторизации</translation>
    </message>
    <message>
        <source>Invalid response</source>
        <translation>Некорректный ответ</translation>
    </message>
    <message>
        <source>No answer recorded</source>
        <translation>Ответ не записан</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Не отправлен</translation>
    </message>
    <message>
        <source>Refund failed</source>
        <translation>Возврат не прошёл</translation>
    </message>
    <message>
        <source>Answer mismatch</source>
        <translation>Ответ не совпадает</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Отменён провайдером</translation>
    </message>
    <message>
        <source>Attempt budget used up without a definite answer</source>
        <translation>Попытки исчерпаны без точного ответа</translation>
    </message>
    <message>
        <source>The provider may have forgotten the idempotency key</source>
        <translation>Провайдер мог забыть ключ идемпотентности</translation>
    </message>
    <message>
        <source>The provider answered with a refund that is not this one</source>
        <translation>Провайдер ответил чужим возвратом</translation>
    </message>
    <message>
        <source>The provider stored an error of unknown outcome</source>
        <translation>Провайдер сохранил ошибку с неизвестным исходом</translation>
    </message>
    <message>
        <source>The provider says the key belongs to another request</source>
        <translation>Провайдер сообщает, что ключ принадлежит другому запросу</translation>
    </message>
    <message>
        <source>An answer that did not come from the provider</source>
        <translation>Ответ пришёл не от провайдера</translation>
    </message>
    <message>
        <source>Refused after an earlier attempt went unanswered</source>
        <translation>Отказ после попытки, оставшейся без ответа</translation>
    </message>
    <message>
        <source>No refund was made</source>
        <translation>Возврат не выполнялся</translation>
    </message>
    <message>
        <source>The provider reports the refund failed</source>
        <translation>Провайдер сообщает, что возврат не прошёл</translation>
    </message>
    <message>
        <source>Refunded, then reported failed by the provider</source>
        <translation>Возврат подтверждён, затем провайдер сообщил о сбое</translation>
    </message>
    <message>
        <source>The payment was already refunded</source>
        <translation>Платёж уже возвращён</translation>
    </message>
    <message>
        <source>The amount is larger than what is left to refund</source>
        <translation>Сумма больше остатка, доступного для возврата</translation>
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
        <translation>возврат %1</translation>
    </message>
    <message>
        <source>by the reconciler</source>
        <translation>сверкой</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>событие %1</translation>
    </message>
    <message>
        <source>note: “%1”</source>
        <translation>заметка: «%1»</translation>
    </message>
    <message>
        <source>Not confirmed yet</source>
        <translation>Пока не подтверждено</translation>
    </message>
    <message>
        <source>A person is checking</source>
        <translation>Проверяет сотрудник</translation>
    </message>
    <message>
        <source>Rejected (bad input)</source>
        <translation>Отклонено (неверные данные)</translation>
    </message>
    <message>
        <source>support</source>
        <translation>поддержка</translation>
    </message>
    <message>
        <source>finance</source>
        <translation>финансы</translation>
    </message>
    <message>
        <source>admin</source>
        <translation>администратор</translation>
    </message>
    <message>
        <source>Reconciler</source>
        <translation>Сверка</translation>
    </message>
</context>
<context>
    <name>OperationLookup</name>
    <message>
        <source>Amount differs: the refund is %1, the operation %2.</source>
        <translation>Сумма отличается: у возврата %1, у операции %2.</translation>
    </message>
    <message>
        <source>Currency differs: the refund is in %1, the operation in %2.</source>
        <translation>Валюта отличается: возврат в %1, операция в %2.</translation>
    </message>
    <message>
        <source>Order unknown: the refund carries no metadata.order_id; the operation is for order %1.</source>
        <translation>Заказ неизвестен: у возврата нет metadata.order_id; операция относится к заказу %1.</translation>
    </message>
    <message>
        <source>Order differs: the refund names order %1, the operation order %2.</source>
        <translation>Заказ отличается: возврат называет заказ %1, операция — заказ %2.</translation>
    </message>
    <message>
        <source>Payment differs: the refund is on %1, the order&apos;s payment is %2.</source>
        <translation>Платёж отличается: возврат по %1, платёж заказа — %2.</translation>
    </message>
    <message>
        <source>Reading %1 events…</source>
        <translation>Чтение событий %1…</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>события %1</translation>
    </message>
    <message>
        <source>The operation is older than 30 days: the provider no longer returns its events, so only the payment&apos;s refund list was checked.</source>
        <translation>Операции больше 30 дней: провайдер уже не отдаёт её события, поэтому проверен только список возвратов платежа.</translation>
    </message>
    <message>
        <source>refunds of the order&apos;s payment</source>
        <translation>возвраты платежа заказа</translation>
    </message>
    <message>
        <source>the order has no payment intent on record</source>
        <translation>у заказа нет записанного payment intent</translation>
    </message>
    <message>
        <source>Listing the refunds of %1…</source>
        <translation>Список возвратов %1…</translation>
    </message>
    <message>
        <source>refunds of %1</source>
        <translation>возвраты %1</translation>
    </message>
    <message>
        <source>Searching payments of order %1…</source>
        <translation>Поиск платежей заказа %1…</translation>
    </message>
    <message>
        <source>Payment search failed (%1); it is optional and does not change the result.</source>
        <translation>Поиск платежей не удался (%1); он необязателен и не меняет результат.</translation>
    </message>
    <message>
        <source>Payment search found no payment for order %1 yet. Search lags by up to a minute (an hour in outages): this is not proof of anything.</source>
        <translation>Поиск платежей пока не нашёл платежа для заказа %1. Поиск отстаёт до минуты (при сбоях до часа): это ничего не доказывает.</translation>
    </message>
    <message>
        <source>Payment search for order %1 found %2. Search lags: a payment missing here may still exist.</source>
        <translation>Поиск платежей для заказа %1 нашёл: %2. Поиск отстаёт: платёж, которого здесь нет, всё же может существовать.</translation>
    </message>
</context>
<context>
    <name>OperationTableModel</name>
    <message>
        <source>Key retention ends %1 (%2)</source>
        <translation>Срок хранения ключа истекает %1 (%2)</translation>
    </message>
    <message>
        <source>Created %1</source>
        <translation>Создана %1</translation>
    </message>
    <message>
        <source>Idempotency key %1</source>
        <translation>Ключ идемпотентности %1</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Вызовы</translation>
    </message>
    <message>
        <source>Key expires in</source>
        <translation>Ключ истекает</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Возраст</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Последняя попытка</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Возврат у провайдера</translation>
    </message>
    <message>
        <source>Time left before the provider forgets the idempotency key. After that the operation is never sent again.</source>
        <translation>Время, оставшееся до того, как провайдер забудет ключ идемпотентности. После этого операция больше никогда не отправляется.</translation>
    </message>
</context>
<context>
    <name>OperationTableView</name>
    <message>
        <source>Copy operation id</source>
        <translation>Копировать id операции</translation>
    </message>
    <message>
        <source>Copy order id</source>
        <translation>Копировать id заказа</translation>
    </message>
    <message>
        <source>Copy idempotency key</source>
        <translation>Копировать ключ идемпотентности</translation>
    </message>
    <message>
        <source>Copy refund id</source>
        <translation>Копировать id возврата</translation>
    </message>
    <message>
        <source>Open the refund at the provider</source>
        <translation>Открыть возврат у провайдера</translation>
    </message>
</context>
<context>
    <name>PaidTwiceDialog</name>
    <message>
        <source>Refunds paid twice</source>
        <translation>Двойные возвраты</translation>
    </message>
    <message>
        <source>Refunds the provider made more than once for one request: the same order and amount (and the same request reference, if the calls named one). The customer received the money twice. Never refund these again; finance recovers the extra refund. Double-click a row to open its first operation.</source>
        <translation>Возвраты, которые провайдер сделал больше одного раза по одному запросу: тот же заказ и та же сумма (и та же ссылка на запрос, если вызовы её называли). Клиент получил деньги дважды. Никогда не возвращайте их снова; лишний возврат взыскивает финансовый отдел. Двойной щелчок по строке открывает её первую операцию.</translation>
    </message>
    <message>
        <source>The check could not be read: %1</source>
        <translation>Проверку не удалось прочитать: %1</translation>
    </message>
    <message>
        <source>None: the provider made at most one refund for every request.</source>
        <translation>Нет: провайдер сделал не больше одного возврата по каждому запросу.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) refunded more than once, by order.</source>
        <translation>
            <numerusform>%n запрос возвращён больше одного раза, по заказам.</numerusform>
            <numerusform>%n запроса возвращены больше одного раза, по заказам.</numerusform>
            <numerusform>%n запросов возвращены больше одного раза, по заказам.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PaidTwiceModel</name>
    <message numerus="yes">
        <source>%n refund(s): %1</source>
        <translation>
            <numerusform>%n возврат: %1</numerusform>
            <numerusform>%n возврата: %1</numerusform>
            <numerusform>%n возвратов: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Request ref</source>
        <translation>Ссылка на запрос</translation>
    </message>
    <message>
        <source>Refunds at the provider</source>
        <translation>Возвраты у провайдера</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Операции</translation>
    </message>
</context>
<context>
    <name>ProviderKeySource</name>
    <message>
        <source>the system keychain did not answer within 5 s</source>
        <translation>системная связка ключей не ответила за 5 с</translation>
    </message>
    <message>
        <source>the PROVIDER_API_KEY environment variable</source>
        <translation>переменная окружения PROVIDER_API_KEY</translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation>системная связка ключей</translation>
    </message>
</context>
<context>
    <name>ProviderStatusMonitor</name>
    <message>
        <source>reachable</source>
        <translation>доступен</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Refund operations</source>
        <translation>Операции возврата</translation>
    </message>
    <message>
        <source>Operations console for refunds: triage unknown outcomes, review attempt and tool-call history. Reads only.</source>
        <translation>Консоль операций возврата: разбор неизвестных итогов, просмотр истории попыток и вызовов инструмента. Только чтение.</translation>
    </message>
    <message>
        <source>Run against an embedded demo (sandbox provider and a fresh SQLite database).</source>
        <translation>Запустить со встроенным демо (тестовый провайдер и новая база SQLite).</translation>
    </message>
    <message>
        <source>Keep the demo files in DIR.</source>
        <translation>Хранить файлы демо в DIR.</translation>
    </message>
    <message>
        <source>Operation database: postgresql://user@host/db or sqlite:PATH (password from PGPASSWORD).</source>
        <translation>База данных операций: postgresql://user@host/db или sqlite:PATH (пароль из PGPASSWORD).</translation>
    </message>
    <message>
        <source>Payment provider base URL; the read-only key comes from PROVIDER_API_KEY or the system keychain.</source>
        <translation>Базовый URL платёжного провайдера; ключ только для чтения берётся из PROVIDER_API_KEY или системной связки ключей.</translation>
    </message>
    <message>
        <source>support, finance or admin (default support).</source>
        <translation>support, finance или admin (по умолчанию support).</translation>
    </message>
    <message>
        <source>Save the window as PNG to FILE once the data is shown, then exit.</source>
        <translation>Сохранить окно в PNG-файл FILE после отображения данных и выйти.</translation>
    </message>
    <message>
        <source>Select this operation at start.</source>
        <translation>Выбрать эту операцию при запуске.</translation>
    </message>
    <message>
        <source>Interface language: en, ru or tr (default: the system&apos;s).</source>
        <translation>Язык интерфейса: en, ru или tr (по умолчанию — язык системы).</translation>
    </message>
    <message>
        <source>trace, debug, info, warn, error or off (default: info, or the REFUND_LOG_LEVEL environment variable).</source>
        <translation>trace, debug, info, warn, error или off (по умолчанию info или значение переменной окружения REFUND_LOG_LEVEL).</translation>
    </message>
    <message>
        <source>Window size in pixels, e.g. 1024x640 (default 1280x800); with --screenshot, the picture&apos;s size (larger when the window cannot be made that small).</source>
        <translation>Размер окна в пикселях, например 1024x640 (по умолчанию 1280x800); с --screenshot — размер снимка (больше, если окно нельзя сделать таким маленьким).</translation>
    </message>
    <message>
        <source>The range History opens on: the last 7, 30 or 90 UTC days, or all (default 7).</source>
        <translation>Диапазон, с которым открывается «История»: последние 7, 30 или 90 дней (UTC) или all — всё время (по умолчанию 7).</translation>
    </message>
    <message>
        <source>With --screenshot: what to save. A tab (operations, history, settings) in the window, or a dialog alone, opened on the selected operation and saved once it has read what it shows (resolve, message, checkall, unmatched, paidtwice, log, connection), at its own size made to fit --window-size. Default: operations.</source>
        <translation>Вместе с --screenshot: что сохранить. Вкладку окна (operations, history, settings) или отдельный диалог, открытый на выбранной операции и сохранённый, когда он прочитал то, что показывает (resolve, message, checkall, unmatched, paidtwice, log, connection), в собственном размере, уменьшенном до --window-size. По умолчанию: operations.</translation>
    </message>
</context>
<context>
    <name>ResolutionPolicy</name>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed: no refund was made</source>
        <translation>Неудача: возврат не выполнен</translation>
    </message>
    <message>
        <source>Keep waiting</source>
        <translation>Ждать дальше</translation>
    </message>
    <message>
        <source>Needs a person</source>
        <translation>Нужен человек</translation>
    </message>
    <message>
        <source>Lookup incomplete</source>
        <translation>Проверка не завершена</translation>
    </message>
    <message>
        <source>Not unknown</source>
        <translation>Не неизвестно</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 д %2 ч</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 мин</translation>
    </message>
    <message>
        <source>The operation is %1, not unknown: there is nothing to resolve.</source>
        <translation>Операция в состоянии «%1», а не «неизвестно»: решать нечего.</translation>
    </message>
    <message>
        <source>The lookup did not finish (%1). A half-read answer proves nothing; look up again.</source>
        <translation>Проверка не завершилась (%1). Недочитанный ответ ничего не доказывает; проверьте снова.</translation>
    </message>
    <message numerus="yes">
        <source>%n refund(s) linked to this operation do not match it (amount, currency or order). A person must decide.</source>
        <translation>
            <numerusform>%n связанный с операцией возврат не совпадает с ней (сумма, валюта или заказ). Решать должен человек.</numerusform>
            <numerusform>%n связанных с операцией возврата не совпадают с ней (сумма, валюта или заказ). Решать должен человек.</numerusform>
            <numerusform>%n связанных с операцией возвратов не совпадают с ней (сумма, валюта или заказ). Решать должен человек.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refunds that moved money are linked to this one operation: a possible double refund. Escalate to finance.</source>
        <translation>
            <numerusform>С одной этой операцией связан %n возврат, переместивший деньги: возможен двойной возврат. Передайте финансам.</numerusform>
            <numerusform>С одной этой операцией связаны %n возврата, переместившие деньги: возможен двойной возврат. Передайте финансам.</numerusform>
            <numerusform>С одной этой операцией связаны %n возвратов, переместившие деньги: возможен двойной возврат. Передайте финансам.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refund %1 is %2: neither done nor failed yet. Check it again later.</source>
        <translation>Возврат %1 в состоянии «%2»: пока ни выполнен, ни отклонён. Проверьте позже.</translation>
    </message>
    <message>
        <source>without a status</source>
        <translation>без статуса</translation>
    </message>
    <message>
        <source>Refund %1 (%2) matches the operation&apos;s amount, currency and order.</source>
        <translation>Возврат %1 (%2) совпадает с операцией по сумме, валюте и заказу.</translation>
    </message>
    <message>
        <source>The only refund(s) made for this operation are failed or canceled: no money moved.</source>
        <translation>Все возвраты по этой операции неудачны или отменены: деньги не перемещались.</translation>
    </message>
    <message>
        <source>No refund exists and no request was ever sent for this operation.</source>
        <translation>Возврата нет, и по этой операции ни разу не отправлялся запрос.</translation>
    </message>
    <message>
        <source>No refund exists and the key retention has passed: the original request can no longer execute.</source>
        <translation>Возврата нет, и срок хранения ключа истёк: исходный запрос больше не может выполниться.</translation>
    </message>
    <message>
        <source>No refund found yet, but the provider keeps the key for another %1: the original request may still execute. Look again after it expires.</source>
        <translation>Возврат пока не найден, но провайдер хранит ключ ещё %1: исходный запрос ещё может выполниться. Проверьте снова после истечения срока.</translation>
    </message>
    <message>
        <source>The lookup did not finish, so it cannot show that no refund exists. Look up again.</source>
        <translation>Проверка не завершилась, поэтому не может показать, что возврата нет. Проверьте снова.</translation>
    </message>
    <message>
        <source>A refund that is not failed or canceled is linked to this operation.</source>
        <translation>С этой операцией связан возврат, который не неудачен и не отменён.</translation>
    </message>
    <message>
        <source>Every refund linked to the operation is failed or canceled.</source>
        <translation>Все возвраты, связанные с операцией, неудачны или отменены.</translation>
    </message>
    <message>
        <source>This lookup started before the key expired, when the original request could still execute. Look up again to resolve as &quot;failed&quot;.</source>
        <translation>Эта проверка началась до истечения ключа, когда исходный запрос ещё мог выполниться. Проверьте снова, чтобы решить как «неудача».</translation>
    </message>
    <message>
        <source>The provider keeps the key for another %1: the original request may still execute. &quot;Failed&quot; is allowed after that.</source>
        <translation>Провайдер хранит ключ ещё %1: исходный запрос ещё может выполниться. «Неудача» станет доступна после этого.</translation>
    </message>
    <message>
        <source>No refund found and the key retention has passed.</source>
        <translation>Возврат не найден, и срок хранения ключа истёк.</translation>
    </message>
    <message>
        <source>No refund found and no request was ever sent.</source>
        <translation>Возврат не найден, и запрос ни разу не отправлялся.</translation>
    </message>
    <message>
        <source>Refund %1 was not found by this operation&apos;s lookup.</source>
        <translation>Возврат %1 не найден проверкой этой операции.</translation>
    </message>
    <message>
        <source>Refund %1 is %2; only a succeeded or pending refund is evidence of a refund.</source>
        <translation>Возврат %1 в состоянии «%2»; доказательством возврата служит только выполненный или ожидающий возврат.</translation>
    </message>
    <message>
        <source>Refund %1 does not match the operation: %2</source>
        <translation>Возврат %1 не совпадает с операцией: %2</translation>
    </message>
    <message>
        <source>Refund %1 (%2) matches the operation.</source>
        <translation>Возврат %1 (%2) совпадает с операцией.</translation>
    </message>
    <message>
        <source>the refund is gone</source>
        <translation>возврат исчез</translation>
    </message>
    <message>
        <source>nothing is proposed</source>
        <translation>ничего не предлагается</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one is still open, and the refund tool settles it.</source>
        <translation>Решать можно только неизвестные операции; эта ещё открыта, и её завершит инструмент возвратов.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one is already refunded.</source>
        <translation>Решать можно только неизвестные операции; по этой возврат уже выполнен.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one already failed.</source>
        <translation>Решать можно только неизвестные операции; эта уже завершилась неудачей.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one was refunded and then reversed by the provider.</source>
        <translation>Решать можно только неизвестные операции; по этой возврат был выполнен, а затем отменён провайдером.</translation>
    </message>
</context>
<context>
    <name>ResolveDialog</name>
    <message>
        <source>Look up and resolve %1</source>
        <translation>Поиск и решение: %1</translation>
    </message>
    <message>
        <source>At the provider (read-only)</source>
        <translation>У провайдера (только чтение)</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Решение</translation>
    </message>
    <message>
        <source>Refunded — the selected refund is the evidence</source>
        <translation>Возвращено — выбранный возврат служит доказательством</translation>
    </message>
    <message>
        <source>Failed — no refund was made</source>
        <translation>Не выполнено — возврат не был сделан</translation>
    </message>
    <message>
        <source>Note (required) — what you checked and why:</source>
        <translation>Примечание (обязательно) — что вы проверили и почему:</translation>
    </message>
    <message>
        <source>e.g. Found re_… with metadata.operation_id = this operation, status succeeded, amount and order match.</source>
        <translation>например: Найден re_… с metadata.operation_id = эта операция, статус «выполнен», сумма и заказ совпадают.</translation>
    </message>
    <message>
        <source>There is no &quot;retry&quot; here on purpose: a new refund or a new key for an unknown outcome can pay the customer twice.</source>
        <translation>Кнопки «повторить» здесь нет намеренно: новый возврат или новый ключ при неизвестном итоге может привести к двойной выплате клиенту.</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Решить</translation>
    </message>
    <message>
        <source>Customer message…</source>
        <translation>Сообщение клиенту…</translation>
    </message>
    <message>
        <source>This operation is %1, not unknown: there is nothing to resolve. The lookup is shown for reference.</source>
        <translation>Статус операции — «%1», а не «неизвестно»: решать нечего. Результат поиска показан для справки.</translation>
    </message>
    <message>
        <source>No provider read key is configured, so the operation cannot be looked up. Set PROVIDER_API_KEY or use File › Connect.</source>
        <translation>Ключ чтения провайдера не настроен, поэтому операцию нельзя найти у провайдера. Задайте PROVIDER_API_KEY или используйте Файл › Подключиться.</translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation>Не удаётся открыть базу данных операций: %1</translation>
    </message>
    <message>
        <source>The operation cannot be read: %1</source>
        <translation>Не удаётся прочитать операцию: %1</translation>
    </message>
    <message>
        <source>The operation&apos;s order cannot be read: %1</source>
        <translation>Не удаётся прочитать заказ операции: %1</translation>
    </message>
    <message>
        <source>%1 · order %2 · %3</source>
        <translation>%1 · заказ %2 · %3</translation>
    </message>
    <message>
        <source>no attempt was ever sent</source>
        <translation>ни одна попытка не отправлялась</translation>
    </message>
    <message>
        <source>key retention passed at %1</source>
        <translation>срок хранения ключа истёк %1</translation>
    </message>
    <message>
        <source>key live for %1 more (until %2)</source>
        <translation>ключ действует ещё %1 (до %2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Status:&lt;/b&gt; %1%2 &amp;nbsp; &lt;b&gt;Attempts:&lt;/b&gt; %3 &amp;nbsp; &lt;b&gt;Payment:&lt;/b&gt; %4</source>
        <translation>&lt;b&gt;Статус:&lt;/b&gt; %1%2 &amp;nbsp; &lt;b&gt;Попытки:&lt;/b&gt; %3 &amp;nbsp; &lt;b&gt;Платёж:&lt;/b&gt; %4</translation>
    </message>
    <message>
        <source>&lt;b&gt;Created:&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Idempotency key:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Создана:&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Ключ идемпотентности:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Resolved:&lt;/b&gt; %1 by %2 at %3%4</source>
        <translation>&lt;b&gt;Решено:&lt;/b&gt; %1; кем: %2; когда: %3%4</translation>
    </message>
    <message>
        <source>the refund tool</source>
        <translation>инструмент возвратов</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source> — evidence %1</source>
        <translation> — доказательство: %1</translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:%1&quot;&gt;Proposal: %2.&lt;/b&gt; %3</source>
        <translation>&lt;b style=&quot;color:%1&quot;&gt;Предложение: %2.&lt;/b&gt; %3</translation>
    </message>
    <message>
        <source>Select a refund found by the lookup.</source>
        <translation>Выберите возврат, найденный поиском.</translation>
    </message>
    <message>
        <source>Waiting for the lookup.</source>
        <translation>Ожидание результата поиска.</translation>
    </message>
    <message>
        <source>The operation could not be read.</source>
        <translation>Не удалось прочитать операцию.</translation>
    </message>
    <message>
        <source>Nothing more to do here.</source>
        <translation>Здесь больше нечего делать.</translation>
    </message>
    <message>
        <source>No refund was found, so there is no evidence of a refund.</source>
        <translation>Возврат не найден, поэтому доказательств возврата нет.</translation>
    </message>
    <message>
        <source>Not possible: %1</source>
        <translation>Невозможно: %1</translation>
    </message>
    <message>
        <source>Choose refunded or failed.</source>
        <translation>Выберите «Возвращено» или «Не выполнено».</translation>
    </message>
    <message>
        <source>Write a note: what you checked and why.</source>
        <translation>Напишите примечание: что вы проверили и почему.</translation>
    </message>
    <message>
        <source>Resolved as %1. The audit log holds your note and the evidence. Next: send the customer the message (Customer message…).</source>
        <translation>Решено: %1. В журнале аудита сохранены ваше примечание и доказательства. Далее: отправьте клиенту сообщение (Сообщение клиенту…).</translation>
    </message>
    <message>
        <source>Another reviewer was first: %1. Your resolution was not saved.</source>
        <translation>Другой проверяющий успел раньше: %1. Ваше решение не сохранено.</translation>
    </message>
    <message>
        <source>The resolution was not saved: %1</source>
        <translation>Решение не сохранено: %1</translation>
    </message>
    <message>
        <source>Reading the operation…</source>
        <translation>Чтение операции…</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>нет подключения</translation>
    </message>
    <message>
        <source>the connection was replaced</source>
        <translation>подключение было заменено</translation>
    </message>
    <message>
        <source>It is not known whether the resolution was saved: %1. Open the operation again to see its state.</source>
        <translation>Неизвестно, сохранено ли решение: %1. Откройте операцию снова, чтобы увидеть её состояние.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
</context>
<context>
    <name>ReviewListDialog</name>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Чтение…</translation>
    </message>
</context>
<context>
    <name>SettingsTab</name>
    <message>
        <source>Attempts per tool call</source>
        <translation>Попыток на вызов инструмента</translation>
    </message>
    <message>
        <source>Attempts per operation</source>
        <translation>Попыток на операцию</translation>
    </message>
    <message>
        <source>Backoff base (ms)</source>
        <translation>Базовая задержка (мс)</translation>
    </message>
    <message>
        <source>Backoff cap (ms)</source>
        <translation>Макс. задержка (мс)</translation>
    </message>
    <message>
        <source>Request timeout (ms)</source>
        <translation>Тайм-аут запроса (мс)</translation>
    </message>
    <message>
        <source>Provider API version</source>
        <translation>Версия API провайдера</translation>
    </message>
    <message>
        <source>Parallel provider lookups</source>
        <translation>Параллельные запросы к провайдеру</translation>
    </message>
    <message>
        <source>Retry budgets, backoff and provider</source>
        <translation>Лимиты повторов, задержки и провайдер</translation>
    </message>
    <message>
        <source>Stripe API v1 (keys kept 24 h)</source>
        <translation>Stripe API v1 (ключи хранятся 24 ч)</translation>
    </message>
    <message>
        <source>Stripe API v2 (keys kept 30 days)</source>
        <translation>Stripe API v2 (ключи хранятся 30 дней)</translation>
    </message>
    <message>
        <source>Only an admin can change settings.</source>
        <translation>Изменять настройки может только администратор.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Обновить</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Change history</source>
        <translation>История изменений</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Кто</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>Когда (UTC)</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Параметр</translation>
    </message>
    <message>
        <source>Old</source>
        <translation>Было</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Стало</translation>
    </message>
    <message>
        <source>Settings cannot be read: %1</source>
        <translation>Не удаётся прочитать настройки: %1</translation>
    </message>
    <message>
        <source>keys kept 30 days</source>
        <translation>ключи хранятся 30 дней</translation>
    </message>
    <message>
        <source>keys kept 24 h</source>
        <translation>ключи хранятся 24 ч</translation>
    </message>
    <message>
        <source>Settings were not saved: %1</source>
        <translation>Настройки не сохранены: %1</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n setting(s). The refund tool uses them from its next call.</source>
        <translation>
            <numerusform>Сохранён %n параметр. Инструмент возвратов применит изменения со следующего вызова.</numerusform>
            <numerusform>Сохранено %n параметра. Инструмент возвратов применит изменения со следующего вызова.</numerusform>
            <numerusform>Сохранено %n параметров. Инструмент возвратов применит изменения со следующего вызова.</numerusform>
        </translation>
    </message>
    <message>
        <source>The change history cannot be read: %1</source>
        <translation>Не удаётся прочитать историю изменений: %1</translation>
    </message>
    <message>
        <source>These values are shared by the refund tool and every console. The refund tool reads them at each call, so a saved change applies from its next call; other consoles show it when they refresh. Every change is audited with the old and new value.</source>
        <translation>Эти значения общие для инструмента возвратов и всех консолей. Инструмент возвратов читает их при каждом вызове, поэтому сохранённое изменение действует с его следующего вызова; другие консоли покажут его после обновления. Каждое изменение записывается в журнал аудита со старым и новым значением.</translation>
    </message>
    <message>
        <source>Repeat window (hours)</source>
        <translation>Окно повторов (часы)</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Значения по умолчанию</translation>
    </message>
    <message>
        <source>Fills in every default; nothing changes until you save.</source>
        <translation>Подставляет все значения по умолчанию; ничего не меняется, пока вы не сохраните.</translation>
    </message>
    <message>
        <source>It is not known whether the settings were saved: %1. Reload to see what the database holds.</source>
        <translation>Неизвестно, сохранены ли настройки: %1. Перезагрузите, чтобы увидеть, что хранится в базе.</translation>
    </message>
    <message>
        <source>Reconciler settles refunds</source>
        <translation>Сверка сама подтверждает возвраты</translation>
    </message>
    <message>
        <source>on</source>
        <translation>вкл.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>выкл.</translation>
    </message>
</context>
<context>
    <name>SettingsValidation</name>
    <message>
        <source>unknown setting; known settings are %1</source>
        <translation>неизвестная настройка; известные настройки: %1</translation>
    </message>
    <message>
        <source>must be a whole number, got &quot;%1&quot;</source>
        <translation>должно быть целым числом, получено «%1»</translation>
    </message>
    <message>
        <source>must be between %1 and %2, got %3</source>
        <translation>должно быть от %1 до %2, получено %3</translation>
    </message>
    <message>
        <source>must be true or false, got &quot;%1&quot;</source>
        <translation>должно быть true или false, получено «%1»</translation>
    </message>
    <message>
        <source>must be %1, got &quot;%2&quot;</source>
        <translation>должно быть %1, получено «%2»</translation>
    </message>
    <message>
        <source> or </source>
        <translation> или </translation>
    </message>
    <message>
        <source>%1 is above max_attempts_per_operation (%2); a call could never use them all</source>
        <translation>%1 больше max_attempts_per_operation (%2): вызов никогда не смог бы использовать их все</translation>
    </message>
    <message>
        <source>%1 is below backoff_base_ms (%2)</source>
        <translation>%1 меньше backoff_base_ms (%2)</translation>
    </message>
    <message>
        <source>provider attempts one tool call may make (1-20, at most max_attempts_per_operation)</source>
        <translation>сколько попыток у провайдера может сделать один вызов инструмента (1–20, не больше max_attempts_per_operation)</translation>
    </message>
    <message>
        <source>provider attempts over an operation&apos;s life before it becomes unknown (1-100)</source>
        <translation>сколько попыток у провайдера за всю жизнь операции, прежде чем её исход станет неизвестным (1–100)</translation>
    </message>
    <message>
        <source>first backoff ceiling in ms; doubles per attempt, full jitter (1-60000)</source>
        <translation>верхняя граница первой паузы между попытками, мс; удваивается с каждой попыткой, пауза выбирается случайно до этой границы (1–60000)</translation>
    </message>
    <message>
        <source>largest backoff ceiling in ms (backoff_base_ms-300000)</source>
        <translation>наибольшая граница паузы между попытками, мс (backoff_base_ms–300000)</translation>
    </message>
    <message>
        <source>provider request timeout in ms; expiry means the outcome is unknown (100-300000)</source>
        <translation>тайм-аут запроса к провайдеру, мс; по его истечении исход неизвестен (100–300000)</translation>
    </message>
    <message>
        <source>provider API version, fixes the key retention: stripe_v1 (24 h) or stripe_v2 (30 days)</source>
        <translation>версия API провайдера, задаёт срок хранения ключа: stripe_v1 (24 ч) или stripe_v2 (30 дней)</translation>
    </message>
    <message>
        <source>parallel provider lookups in the console (1-16)</source>
        <translation>сколько запросов к провайдеру консоль делает одновременно (1–16)</translation>
    </message>
    <message>
        <source>hours a refunded operation answers repeated calls without a request ref, sending nothing (1-8760)</source>
        <translation>сколько часов операция с подтверждённым возвратом отвечает на повторные вызовы без ссылки на запрос (request_ref), ничего не отправляя (1–8760)</translation>
    </message>
    <message>
        <source>the reconciler resolves an unknown operation refunded by itself when the provider&apos;s refund matches it; it never resolves failed (true or false)</source>
        <translation>сверка сама закрывает неизвестную операцию как возвращённую, если возврат у провайдера ей соответствует; как неудачную она не закрывает никогда (true/false)</translation>
    </message>
</context>
<context>
    <name>StateCountsModel</name>
    <message>
        <source>All</source>
        <translation>Все</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Открыта</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Неизвестно</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Не выполнено</translation>
    </message>
    <message>
        <source>Key expires within 1 h</source>
        <translation>Ключ истечёт за 1 ч</translation>
    </message>
    <message>
        <source>%1: %2 operations</source>
        <translation>%1 — операций: %2</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Отменён провайдером</translation>
    </message>
</context>
<context>
    <name>SweepProposalModel</name>
    <message>
        <source>Resolved as %1</source>
        <translation>Решено: %1</translation>
    </message>
    <message>
        <source>Not resolved: %1</source>
        <translation>Не решено: %1</translation>
    </message>
    <message>
        <source>Not looked up</source>
        <translation>Поиск не выполнялся</translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation>ожидание…</translation>
    </message>
    <message>
        <source>Tick to resolve this operation as proposed.</source>
        <translation>Отметьте, чтобы решить эту операцию согласно предложению.</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Предложение</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
</context>
<context>
    <name>UnmatchedEventsDialog</name>
    <message>
        <source>Unmatched provider events</source>
        <translation>События провайдера без операции</translation>
    </message>
    <message>
        <source>Events about refunds that no operation of this database knows: the refund&apos;s metadata names no operation here. They are recorded and never acted on. Often a refund made in the provider&apos;s dashboard or by another system on the same account; check it there.</source>
        <translation>События о возвратах, которых не знает ни одна операция этой базы: метаданные возврата не называют здесь ни одной операции. Они записаны, и по ним ничего не делается. Часто это возврат, сделанный в кабинете провайдера или другой системой того же аккаунта; проверьте его там.</translation>
    </message>
    <message>
        <source>The events could not be read: %1</source>
        <translation>Не удалось прочитать события: %1</translation>
    </message>
    <message>
        <source>None: every provider event this database stored matched an operation.</source>
        <translation>Нет: каждое сохранённое событие провайдера относится к операции.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) no operation knows, newest first.</source>
        <translation>
            <numerusform>%n событие без операции, сначала новые.</numerusform>
            <numerusform>%n события без операции, сначала новые.</numerusform>
            <numerusform>%n событий без операции, сначала новые.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UnmatchedEventsModel</name>
    <message>
        <source>%1 (refund %2)</source>
        <translation>%1 (возврат: %2)</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>заказ %1</translation>
    </message>
    <message>
        <source>operation %1</source>
        <translation>операция %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>polled</source>
        <translation>опрос</translation>
    </message>
    <message>
        <source>webhook</source>
        <translation>вебхук</translation>
    </message>
    <message>
        <source>Received (UTC)</source>
        <translation>Получено (UTC)</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Событие</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Возврат</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>Платёж</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Метаданные</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
    </message>
</context>
</TS>
