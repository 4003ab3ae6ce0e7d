<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="tr_TR">
<context>
    <name>CheckUnknownDialog</name>
    <message>
        <source>Check all unknown operations</source>
        <translation>Durumu bilinmeyen tüm işlemleri kontrol et</translation>
    </message>
    <message>
        <source>Looks every unknown operation up at the provider (read-only) and proposes a resolution. Nothing is resolved until you tick rows, write a note and press &quot;Resolve selected&quot;.</source>
        <translation>Durumu bilinmeyen her işlemi ödeme sağlayıcısında sorgular (salt okunur) ve bir sonuç önerir. Satırları işaretleyip bir not yazmadan ve &quot;Seçilenleri sonuçlandır&quot; düğmesine basmadan hiçbir işlem sonuçlandırılmaz.</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>Başlatılmadı.</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v / %m</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Başlat</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <source>Note for the audit log (required), e.g. Checked with Check all unknown; evidence attached per row.</source>
        <translation>Denetim kaydı için not (zorunlu), ör. &quot;Tüm bilinmeyenleri kontrol et&quot; ile kontrol edildi; kanıtlar her satıra eklendi.</translation>
    </message>
    <message>
        <source>Select all proposals</source>
        <translation>Tüm önerileri seç</translation>
    </message>
    <message>
        <source>Resolve selected</source>
        <translation>Seçilenleri sonuçlandır</translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation>İptal ediliyor…</translation>
    </message>
    <message>
        <source>Reading the unknown operations…</source>
        <translation>Bilinmeyen işlemler okunuyor…</translation>
    </message>
    <message>
        <source>There are no unknown operations.</source>
        <translation>Durumu bilinmeyen işlem yok.</translation>
    </message>
    <message numerus="yes">
        <source>Looking up %n unknown operation(s), %1 at a time…</source>
        <translation>
            <numerusform>%n bilinmeyen işlem sorgulanıyor, aynı anda %1 tane…</numerusform>
        </translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Tekrar kontrol et</translation>
    </message>
    <message>
        <source>Could not start: %1</source>
        <translation>Başlatılamadı: %1</translation>
    </message>
    <message>
        <source>Canceled after %1 of %2. Rows not looked up propose nothing.</source>
        <translation>%2 işlemden %1 tanesi sorgulandıktan sonra iptal edildi. Sorgulanmayan satırlar için öneri yok.</translation>
    </message>
    <message numerus="yes">
        <source>Done: %1 looked up, %n with a proposal.</source>
        <translation>
            <numerusform>Tamamlandı: %1 işlem sorgulandı, %n tanesi için öneri var.</numerusform>
        </translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation>İşlem veritabanı açılamıyor: %1</translation>
    </message>
    <message>
        <source>Resolve selected (%1)</source>
        <translation>Seçilenleri sonuçlandır (%1)</translation>
    </message>
    <message>
        <source>Tick the rows to resolve.</source>
        <translation>Sonuçlandırılacak satırları işaretleyin.</translation>
    </message>
    <message>
        <source>Write a note for the audit log.</source>
        <translation>Denetim kaydı için bir not yazın.</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>&amp;Not:</translation>
    </message>
    <message>
        <source>Resolving: %1 of %2 done…</source>
        <translation>Sonuçlandırılıyor: %2 satırın %1 tanesi tamamlandı…</translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n sn</numerusform>
        </translation>
    </message>
    <message>
        <source>%1/s · about %2 left</source>
        <translation>%1/sn · yaklaşık %2 kaldı</translation>
    </message>
    <message>
        <source>Resolving canceled: %1 of %2 written.</source>
        <translation>Sonuçlandırma iptal edildi: %2 satırın %1 tanesi yazıldı.</translation>
    </message>
    <message>
        <source>Resolved %1 of %2 selected.</source>
        <translation>Seçilen %2 satırın %1 tanesi sonuçlandırıldı.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
    </message>
</context>
<context>
    <name>ClaimChecker</name>
    <message>
        <source>claims success</source>
        <translation>iadenin yapıldığını söylüyor</translation>
    </message>
    <message>
        <source>claims failure</source>
        <translation>iadenin reddedildiğini söylüyor</translation>
    </message>
</context>
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>Connect</source>
        <translation>Bağlan</translation>
    </message>
    <message>
        <source>The password may also come from PGPASSWORD. It is never saved.</source>
        <translation>Parola PGPASSWORD değişkeninden de alınabilir. Asla kaydedilmez.</translation>
    </message>
    <message>
        <source>rk_… restricted read-only key (leave empty to use PROVIDER_API_KEY or the keychain)</source>
        <translation>rk_… kısıtlı salt okunur anahtar (PROVIDER_API_KEY veya anahtar zinciri için boş bırakın)</translation>
    </message>
    <message>
        <source>Remember the key in the system keychain</source>
        <translation>Anahtarı sistem anahtar zincirinde sakla</translation>
    </message>
    <message>
        <source>Operation database:</source>
        <translation>İşlem veritabanı:</translation>
    </message>
    <message>
        <source>Provider URL:</source>
        <translation>Sağlayıcı URL&apos;si:</translation>
    </message>
    <message>
        <source>Provider read key:</source>
        <translation>Sağlayıcı okuma anahtarı:</translation>
    </message>
    <message>
        <source>Database URL: %1</source>
        <translation>Veritabanı URL&apos;si: %1</translation>
    </message>
    <message>
        <source>This is a write key (sk_…). The console only reads from the provider and will not use it: create a restricted read-only key (rk_…).</source>
        <translation>Bu bir yazma anahtarı (sk_…). Konsol sağlayıcıdan yalnızca okuma yapar ve bu anahtarı kullanmaz: kısıtlı, salt okunur bir anahtar (rk_…) oluşturun.</translation>
    </message>
    <message>
        <source>required</source>
        <translation>zorunlu</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
</context>
<context>
    <name>ConsoleStartup</name>
    <message>
        <source>Creating the demo…</source>
        <translation>Demo oluşturuluyor…</translation>
    </message>
    <message>
        <source>Starting a sandbox payment provider and running the refund tool through real scenarios. This takes a few seconds.</source>
        <translation>Bir sandbox ödeme sağlayıcısı başlatılıyor ve iade aracı gerçek senaryolarla çalıştırılıyor. Bu birkaç saniye sürer.</translation>
    </message>
    <message>
        <source>The demo could not be created.</source>
        <translation>Demo oluşturulamadı.</translation>
    </message>
    <message>
        <source>%1. Check that sandbox-provider is installed next to refund-console or on PATH.</source>
        <translation>%1. sandbox-provider programının refund-console ile aynı klasörde veya PATH üzerinde kurulu olduğunu kontrol edin.</translation>
    </message>
    <message>
        <source>demo sandbox</source>
        <translation>demo sandbox ortamı</translation>
    </message>
    <message>
        <source>No database configured.</source>
        <translation>Veritabanı yapılandırılmadı.</translation>
    </message>
    <message>
        <source>Use File › Connect, or start with --db postgresql://user@host/db, --db sqlite:/path/ops.db or --demo.</source>
        <translation>Dosya › Bağlan menüsünü kullanın ya da --db postgresql://user@host/db, --db sqlite:/path/ops.db veya --demo ile başlatın.</translation>
    </message>
</context>
<context>
    <name>CustomerMessageDialog</name>
    <message>
        <source>Nobody knows yet whether this refund went through. The message must not say that it succeeded or failed.</source>
        <translation>Bu iadenin gerçekleşip gerçekleşmediği henüz bilinmiyor. Mesaj, iadenin başarılı ya da başarısız olduğunu söylememelidir.</translation>
    </message>
    <message>
        <source>The provider confirmed the refund. The message names the amount and the provider reference.</source>
        <translation>Ödeme sağlayıcısı iadeyi onayladı. Mesajda tutar ve sağlayıcı referansı belirtilir.</translation>
    </message>
    <message>
        <source>No refund was made. The message says so honestly and gives the next step.</source>
        <translation>İade yapılmadı. Mesaj bunu dürüstçe belirtir ve bir sonraki adımı bildirir.</translation>
    </message>
    <message>
        <source>Customer message — order %1</source>
        <translation>Müşteri mesajı — sipariş %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; · order %2 · %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; · sipariş %2 · %3</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Dil:</translation>
    </message>
    <message>
        <source>Changing the language replaces the text with that language&apos;s draft (Ctrl+Z brings your edits back).</source>
        <translation>Dili değiştirmek, metni o dildeki taslakla değiştirir (Ctrl+Z düzenlemelerinizi geri getirir).</translation>
    </message>
    <message>
        <source>Keep editing</source>
        <translation>Düzenlemeye devam et</translation>
    </message>
    <message>
        <source>Copy anyway</source>
        <translation>Yine de kopyala</translation>
    </message>
    <message>
        <source>&amp;Copy to clipboard</source>
        <translation>&amp;Panoya kopyala</translation>
    </message>
    <message>
        <source>Reset draft</source>
        <translation>Taslağı sıfırla</translation>
    </message>
    <message>
        <source>✓ The text does not claim that the refund succeeded or failed.</source>
        <translation>✓ Metin, iadenin başarılı ya da başarısız olduğunu iddia etmiyor.</translation>
    </message>
    <message>
        <source>✓ The text does not contradict the operation&apos;s status.</source>
        <translation>✓ Metin, işlemin durumuyla çelişmiyor.</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n phrase(s) state an outcome nobody has confirmed: %1</source>
        <translation>
            <numerusform>⚠ %n ifade, kimsenin doğrulamadığı bir sonucu bildiriyor: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; Nobody knows yet whether this refund went through, but the text says:</source>
        <translation>&lt;b&gt;Kopyalanmadı.&lt;/b&gt; Bu iadenin gerçekleşip gerçekleşmediği henüz bilinmiyor, ancak metinde şöyle yazıyor:</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not copied.&lt;/b&gt; The text contradicts the operation&apos;s status:</source>
        <translation>&lt;b&gt;Kopyalanmadı.&lt;/b&gt; Metin, işlemin durumuyla çelişiyor:</translation>
    </message>
    <message>
        <source>Edit those phrases, or copy anyway if you are sure the customer should read this.</source>
        <translation>Bu ifadeleri düzenleyin ya da müşterinin bunu okuması gerektiğinden eminseniz yine de kopyalayın.</translation>
    </message>
    <message>
        <source>Copied to the clipboard.</source>
        <translation>Panoya kopyalandı.</translation>
    </message>
    <message>
        <source>The provider confirmed the refund, then reported that it failed: the money did not reach the customer. The message says so and gives the next step.</source>
        <translation>Sağlayıcı iadeyi onayladı, ardından başarısız olduğunu bildirdi: para müşteriye ulaşmadı. Mesaj bunu söyler ve sonraki adımı verir.</translation>
    </message>
    <message>
        <source>Discard the edited message?</source>
        <translation>Düzenlenen mesaj silinsin mi?</translation>
    </message>
    <message>
        <source>The message was edited and not copied. Close and lose the edits?</source>
        <translation>Mesaj düzenlendi ve kopyalanmadı. Kapatıp değişiklikleri kaybetmek istiyor musunuz?</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Sil</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
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
        <translation>Başlangıç (UTC)</translation>
    </message>
    <message>
        <source>Local</source>
        <translation>Yerel</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Sonuç</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Provider request</source>
        <translation>Sağlayıcı isteği</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Yineleme</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Araç çağrısı</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Süre</translation>
    </message>
    <message>
        <source>Mapped to the operation</source>
        <translation>İşlemle ilişkisi</translation>
    </message>
    <message>
        <source>Returned</source>
        <translation>Dönen sonuç</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Neden</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>Zaman (UTC)</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Yapan</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rol</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Eylem</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Ayrıntılar</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Denemeler</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Araç çağrıları</translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation>Denetim kaydı</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Sipariş</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Idempotency key</source>
        <translation>Tekrar koruma anahtarı</translation>
    </message>
    <message>
        <source>Key expires</source>
        <translation>Anahtar bitişi</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Oluşturulma</translation>
    </message>
    <message>
        <source>First attempt</source>
        <translation>İlk deneme</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Son deneme</translation>
    </message>
    <message>
        <source>Why unknown</source>
        <translation>Neden bilinmiyor</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Sağlayıcı iadesi</translation>
    </message>
    <message>
        <source>Provider status</source>
        <translation>Sağlayıcı durumu</translation>
    </message>
    <message>
        <source>Failure code</source>
        <translation>Hata kodu</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Kapanış</translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation>Sonuçlandıran</translation>
    </message>
    <message>
        <source>Resolution note</source>
        <translation>Sonuç notu</translation>
    </message>
    <message>
        <source>Select an operation to see its attempts, tool calls and audit log.</source>
        <translation>Denemelerini, araç çağrılarını ve denetim kaydını görmek için bir işlem seçin.</translation>
    </message>
    <message>
        <source>Order %1 · %2</source>
        <translation>Sipariş %1 · %2</translation>
    </message>
    <message>
        <source>%1  ·  %2 minor units, %3</source>
        <translation>%1  ·  %2 alt birim, %3</translation>
    </message>
    <message>
        <source>%1 of %2 allowed</source>
        <translation>izin verilen %2 denemeden %1</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1, %2</translation>
    </message>
    <message>
        <source>Attempts (%1)</source>
        <translation>Denemeler (%1)</translation>
    </message>
    <message>
        <source>Tool calls (%1)</source>
        <translation>Araç çağrıları (%1)</translation>
    </message>
    <message>
        <source>Audit log (%1)</source>
        <translation>Denetim kaydı (%1)</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>%1 içinde</translation>
    </message>
    <message>
        <source>— (no attempt yet)</source>
        <translation>— (henüz deneme yok)</translation>
    </message>
    <message>
        <source>none</source>
        <translation>yok</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>yinelendi</translation>
    </message>
    <message>
        <source>no</source>
        <translation>hayır</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>created it (committed the key)</source>
        <translation>oluşturdu (anahtarı kaydetti)</translation>
    </message>
    <message>
        <source>joined the existing operation</source>
        <translation>mevcut işleme katıldı</translation>
    </message>
    <message>
        <source>Look up &amp;&amp; resolve…</source>
        <translation>Sorgula ve sonuçlandır…</translation>
    </message>
    <message>
        <source>Customer message…</source>
        <translation>Müşteri mesajı…</translation>
    </message>
    <message>
        <source>Draft the honest message for the customer (Ctrl+M)</source>
        <translation>Müşteri için dürüst mesajı hazırla (Ctrl+M)</translation>
    </message>
    <message>
        <source>Open: the refund tool may still be working on it, so it cannot be resolved yet.</source>
        <translation>Açık: iade aracı hâlâ bu işlem üzerinde çalışıyor olabilir, bu nedenle henüz sonuçlandırılamaz.</translation>
    </message>
    <message>
        <source>Look the refund up at the provider and resolve it with evidence (Ctrl+L)</source>
        <translation>İadeyi sağlayıcıda sorgula ve kanıtla sonuçlandır (Ctrl+L)</translation>
    </message>
    <message>
        <source>Auto-resolved</source>
        <translation>Otomatik çözüldü</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Geri döndü</translation>
    </message>
    <message>
        <source>by the reconciler (%1) at %2, from event %3 and refund %4</source>
        <translation>mutabakat (%1) tarafından %2 tarihinde, %3 olayı ve %4 iadesiyle</translation>
    </message>
    <message>
        <source>at %1 by %2: the provider reports refund %3 failed (%4), event %5. The money did not reach the customer.</source>
        <translation>%1 tarihinde, %2: sağlayıcı %3 iadesinin başarısız olduğunu bildiriyor (%4), olay %5. Para müşteriye ulaşmadı.</translation>
    </message>
    <message>
        <source>at %1 by %2 (%3)</source>
        <translation>%1 tarihinde, %2 (%3)</translation>
    </message>
    <message>
        <source>lost the insert race, joined the winner&apos;s row</source>
        <translation>ekleme yarışını kaybetti, kazananın satırına katıldı</translation>
    </message>
    <message>
        <source>Closed operations never change.</source>
        <translation>Kapanmış işlemler asla değişmez.</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>%1 yükleniyor…</translation>
    </message>
    <message numerus="yes">
        <source>Paid more than once: the provider made %n refunds (%1) for this order and amount (and request reference, if the calls named one). Its operations: %2. Nobody may refund it again; the extra money is to be recovered.</source>
        <translation>
            <numerusform>Birden fazla kez ödendi: sağlayıcı bu sipariş ve tutar (ve çağrılar bir istek referansı verdiyse o referans) için %n iade yaptı (%1). İşlemleri: %2. Kimse bunu yeniden iade etmemeli; fazla para geri alınmalıdır.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not check whether the provider paid this refund twice: %1</source>
        <translation>Sağlayıcının bu iadeyi iki kez ödeyip ödemediği kontrol edilemedi: %1</translation>
    </message>
</context>
<context>
    <name>FoundRefundTable</name>
    <message>
        <source>refund list</source>
        <translation>iade listesi</translation>
    </message>
    <message>
        <source>event (key)</source>
        <translation>olay (anahtar)</translation>
    </message>
    <message>
        <source>list + event</source>
        <translation>liste + olay</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>İade</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Oluşturulma (UTC)</translation>
    </message>
    <message>
        <source>Found by</source>
        <translation>Bulunma yolu</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Meta veriler</translation>
    </message>
    <message>
        <source>Checks</source>
        <translation>Kontroller</translation>
    </message>
    <message>
        <source>(no status)</source>
        <translation>(durum yok)</translation>
    </message>
    <message>
        <source>Events: %1</source>
        <translation>Olaylar: %1</translation>
    </message>
    <message>
        <source>✓ amount, currency, order match</source>
        <translation>✓ tutar, para birimi ve sipariş eşleşiyor</translation>
    </message>
</context>
<context>
    <name>HistoryCharts</name>
    <message>
        <source>Operations per week by outcome</source>
        <translation>Sonuca göre haftalık işlemler</translation>
    </message>
    <message>
        <source>Operations per day by outcome</source>
        <translation>Sonuca göre günlük işlemler</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Oluşturulma (UTC)</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>İşlemler</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented per week</source>
        <translation>Haftalık önlenen mükerrer iadeler</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented per day</source>
        <translation>Günlük önlenen mükerrer iadeler</translation>
    </message>
    <message>
        <source>Operation created (UTC)</source>
        <translation>İşlem oluşturma (UTC)</translation>
    </message>
    <message>
        <source>%1 — %2 duplicates prevented</source>
        <translation>%1 — önlenen mükerrer: %2</translation>
    </message>
    <message>
        <source>Provider attempts per operation</source>
        <translation>İşlem başına sağlayıcı denemeleri</translation>
    </message>
    <message>
        <source>Attempts (same key)</source>
        <translation>Denemeler (aynı anahtar)</translation>
    </message>
    <message>
        <source>Resolved operations</source>
        <translation>Sonuçlandırılan işlemler</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 g</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 sa</translation>
    </message>
    <message>
        <source>under %1</source>
        <translation>%1 altı</translation>
    </message>
    <message>
        <source>over %1</source>
        <translation>%1 üstü</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 g %2 sa</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 sa %2 dk</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 dk</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 sn</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log ölçek</translation>
    </message>
    <message>
        <source>Log scale (busiest week: %1× the median)</source>
        <translation>Log ölçek (en yoğun hafta: medyanın %1 katı)</translation>
    </message>
    <message>
        <source>Log scale (busiest day: %1× the median)</source>
        <translation>Log ölçek (en yoğun gün: medyanın %1 katı)</translation>
    </message>
    <message>
        <source>side by side, 0: no bar</source>
        <translation>yan yana, 0: çubuk yok</translation>
    </message>
    <message>
        <source>0: a gap</source>
        <translation>0: boşluk</translation>
    </message>
    <message>
        <source>From created to resolved</source>
        <translation>Oluşturmadan çözüme</translation>
    </message>
    <message>
        <source>Calls and retries</source>
        <translation>Çağrılar ve yeniden denemeler</translation>
    </message>
    <message>
        <source>Time to resolve (operations a person or the reconciler resolved)</source>
        <translation>Sonuçlandırma süresi (bir kişinin ya da mutabakatın sonuçlandırdığı işlemler)</translation>
    </message>
</context>
<context>
    <name>HistoryStats</name>
    <message>
        <source>Operations</source>
        <translation>İşlemler</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Araç çağrıları</translation>
    </message>
    <message>
        <source>Joined tool calls</source>
        <translation>Katılan araç çağrıları</translation>
    </message>
    <message>
        <source>Insert races lost</source>
        <translation>Kaybedilen ekleme yarışları</translation>
    </message>
    <message>
        <source>Provider replays</source>
        <translation>Sağlayıcı tekrarları</translation>
    </message>
    <message>
        <source>Attempts beyond the first</source>
        <translation>İlkinden sonraki denemeler</translation>
    </message>
    <message>
        <source>Duplicate refunds prevented</source>
        <translation>Önlenen mükerrer iadeler</translation>
    </message>
    <message>
        <source>Unknown rate</source>
        <translation>Bilinmeyen oranı</translation>
    </message>
    <message>
        <source>Money in unknown</source>
        <translation>Bilinmeyendeki tutar</translation>
    </message>
    <message>
        <source>Unknown now</source>
        <translation>Şu an bilinmeyen</translation>
    </message>
    <message>
        <source>Money in unknown now</source>
        <translation>Şu an bilinmeyendeki tutar</translation>
    </message>
    <message>
        <source>Time to resolve, median</source>
        <translation>Çözüm süresi, medyan</translation>
    </message>
    <message>
        <source>Time to resolve, p90</source>
        <translation>Çözüm süresi, p90</translation>
    </message>
    <message>
        <source>Settled by the reconciler</source>
        <translation>Mutabakatla kapatılan</translation>
    </message>
    <message>
        <source>Time to settle, reconciler</source>
        <translation>Kapatma süresi, mutabakat</translation>
    </message>
    <message>
        <source>Time to settle, people</source>
        <translation>Kapatma süresi, kişiler</translation>
    </message>
    <message>
        <source>Reversals</source>
        <translation>Geri dönenler</translation>
    </message>
    <message>
        <source>Money reversed</source>
        <translation>Geri dönen tutar</translation>
    </message>
    <message>
        <source>Unmatched provider events</source>
        <translation>Eşleşmeyen sağlayıcı olayları</translation>
    </message>
    <message>
        <source>Over the operations created in the selected UTC range (and state, if one is chosen).</source>
        <translation>Seçilen UTC aralığında (ve seçildiyse durumda) oluşturulan işlemler üzerinden.</translation>
    </message>
    <message>
        <source>Logical refund operations (rows of refund_ops): one per refund, whatever the number of tool calls and attempts.</source>
        <translation>Mantıksal iade işlemleri (refund_ops satırları): araç çağrısı ve deneme sayısı ne olursa olsun iade başına bir tane.</translation>
    </message>
    <message>
        <source>Calls of the refund tool that were mapped onto one of these operations (tool_calls with an operation). Calls rejected before any operation existed are not counted.</source>
        <translation>Bu işlemlerden birine bağlanan iade aracı çağrıları (işlemi olan tool_calls). Henüz işlem yokken reddedilen çağrılar sayılmaz.</translation>
    </message>
    <message>
        <source>Tool calls that found the operation already there and reused its key instead of opening a new one (created_operation = 0), e.g. the customer&apos;s &quot;try again&quot;. Includes lost insert races.</source>
        <translation>İşlemi zaten var bulan ve yenisini açmak yerine onun anahtarını yeniden kullanan çağrılar (created_operation = 0), ör. müşterinin &quot;tekrar dene&quot; demesi. Kaybedilen ekleme yarışları dahil.</translation>
    </message>
    <message>
        <source>Tool calls that inserted at the same moment as another call, were refused by the database&apos;s unique index and read the winner&apos;s row (lost_insert_race = 1). Part of the joined calls.</source>
        <translation>Başka bir çağrıyla aynı anda ekleme yapan, veritabanının benzersiz dizini tarafından reddedilen ve kazananın satırını okuyan çağrılar (lost_insert_race = 1). Katılan çağrılara dahildir.</translation>
    </message>
    <message>
        <source>Provider attempts answered with a saved response (Idempotent-Replayed: true): the provider recognised the key and did not execute the refund again.</source>
        <translation>Kayıtlı bir yanıtla karşılanan denemeler (Idempotent-Replayed: true): sağlayıcı anahtarı tanıdı ve iadeyi yeniden yapmadı.</translation>
    </message>
    <message>
        <source>Retries: the sum of (attempts - 1) over operations with at least one attempt. Every retry sent the operation&apos;s stored key.</source>
        <translation>Yeniden denemeler: en az bir denemesi olan işlemler üzerinden (deneme − 1) toplamı. Her yeniden deneme işlemin kayıtlı anahtarını gönderdi.</translation>
    </message>
    <message>
        <source>Calls and retries that reused a key or were answered from a refunded operation: tool calls that joined an existing operation instead of opening a new one (answered-from-refunded calls, where nothing was sent, and lost insert races are among them) plus attempts beyond the first (every retry sent the operation&apos;s stored key). Each is a request that, with a fresh key, could have become a second refund. It counts requests, not operations, so it can exceed the number of operations. They were prevented only while refunds per logical refund stays at most 1; the History tab flags the figure otherwise. Per day: by the UTC day the operation was created.</source>
        <translation>Bir anahtarı yeniden kullanan ya da iade edilmiş bir işlemden yanıtlanan çağrılar ve yeniden denemeler: yeni işlem açmak yerine mevcut bir işleme katılan araç çağrıları (hiçbir şey gönderilmeyen, iade edilmiş işlemden yanıtlanan çağrılar ve kaybedilen ekleme yarışları bunlara dahildir) ile ilkinden sonraki denemeler (her yeniden deneme işlemin kayıtlı anahtarını gönderdi). Yeni bir anahtarla bunların her biri ikinci bir iade olabilirdi. İşlemleri değil istekleri sayar, bu yüzden işlem sayısını aşabilir. Yalnızca mantıksal iade başına iade en çok 1 kaldıkça önlenmiş sayılırlar; aksi halde Geçmiş sekmesi bu değeri işaretler. Günlük: işlemin oluşturulduğu UTC gününe göre.</translation>
    </message>
    <message>
        <source>Operations whose status is now unknown, divided by all operations: outcomes nobody could confirm yet, waiting for a reviewer.</source>
        <translation>Durumu şu an bilinmeyen olan işlemlerin tüm işlemlere oranı: henüz kimsenin doğrulayamadığı, bir incelemeciyi bekleyen sonuçlar.</translation>
    </message>
    <message>
        <source>Sum of the amounts of operations now unknown, per currency, in major units: money that may or may not have been refunded.</source>
        <translation>Şu an bilinmeyen işlemlerin tutarlarının para birimine göre toplamı, ana birimde: iade edilmiş de olabilecek, edilmemiş de olabilecek para.</translation>
    </message>
    <message>
        <source>Operations whose status is unknown right now, whatever day they were created and whatever state is chosen: everything waiting for a reviewer. Not limited to the selected range.</source>
        <translation>Hangi gün oluşturulmuş ve hangi durum seçilmiş olursa olsun, durumu şu an bilinmeyen olan işlemler: incelemeciyi bekleyen her şey. Seçilen aralıkla sınırlı değildir.</translation>
    </message>
    <message>
        <source>Sum of the amounts of every operation unknown right now, per currency, in major units, whatever day it was created: all the money that may or may not have been refunded. Not limited to the selected range.</source>
        <translation>Hangi gün oluşturulmuş olursa olsun, şu an bilinmeyen tüm işlemlerin tutarlarının para birimine göre toplamı, ana birimde: iade edilmiş de olabilecek, edilmemiş de olabilecek tüm para. Seçilen aralıkla sınırlı değildir.</translation>
    </message>
    <message>
        <source>Unknown operations the reconciler resolved as refunded on the provider&apos;s own evidence (a refund event and the refund object it fetched itself), with no person involved. The reconciler never resolves an operation as failed.</source>
        <translation>Mutabakatın, kimse karışmadan, sağlayıcının kendi kanıtıyla (bir iade olayı ve kendisinin getirdiği iade nesnesi) iade edildi olarak çözdüğü bilinmeyen işlemler. Mutabakat bir işlemi asla başarısız olarak çözmez.</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over the operations the reconciler resolved (nearest-rank).</source>
        <translation>Mutabakatın çözdüğü işlemler üzerinden resolved_at − created_at medyanı (en yakın sıra).</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over the operations a person resolved, in the console or with refund-tool review (nearest-rank).</source>
        <translation>Bir kişinin konsolda ya da refund-tool review ile çözdüğü işlemler üzerinden resolved_at − created_at medyanı (en yakın sıra).</translation>
    </message>
    <message>
        <source>Sum of the amounts of reversed operations, per currency, in major units: refunds the customer was told about that did not reach them.</source>
        <translation>Geri dönen işlemlerin tutarlarının para birimine göre toplamı, ana birimde: müşteriye bildirilen ama ona ulaşmayan iadeler.</translation>
    </message>
    <message>
        <source>Provider events about refunds that no operation knows (no operation named by the refund&apos;s metadata): recorded and shown under Review &gt; Unmatched provider events, never acted on. Often refunds made outside this tool. Not limited to the selected range.</source>
        <translation>Hiçbir işlemin bilmediği iadelerle ilgili sağlayıcı olayları (iadenin meta verisi bir işlem adı taşımıyor): kaydedilir ve İnceleme › Eşleşmeyen sağlayıcı olayları altında gösterilir, ama asla işlenmez. Çoğu zaman bu aracın dışında yapılmış iadelerdir. Seçilen aralıkla sınırlı değildir.</translation>
    </message>
    <message>
        <source>Refunds that were confirmed and that the provider reported failed later (shown as Reversed): the money went back to the merchant and the customer has nothing. A new &quot;try again&quot; may open a new operation for them.</source>
        <translation>Onaylanmış ama sağlayıcının sonradan başarısız bildirdiği iadeler (Geri döndü olarak gösterilir): para satıcıya geri döndü, müşteriye bir şey ulaşmadı. Yeni bir &quot;tekrar dene&quot; isteği onlar için yeni bir işlem açabilir.</translation>
    </message>
    <message>
        <source>Refunds per logical refund (max)</source>
        <translation>Mantıksal iade başına iade (en çok)</translation>
    </message>
    <message>
        <source>The largest number of refunds the provider made for one logical refund (the same order, amount and request reference), counted from the provider&apos;s evidence: the refund each operation was closed with and every refund the provider reported for its operations. A refund the provider reported failed later does not count; without a request reference, a call more than the repeat window after a refund is a new logical refund. Must be at most 1: anything higher is money paid twice.</source>
        <translation>Sağlayıcının tek bir mantıksal iade (aynı sipariş, tutar ve istek referansı) için yaptığı en fazla iade sayısı, sağlayıcının kanıtından sayılır: her işlemin kapandığı iade ve sağlayıcının işlemleri için bildirdiği her iade. Sağlayıcının sonradan başarısız olduğunu bildirdiği iade sayılmaz; istek referansı yoksa, bir iadeden tekrar penceresinden daha sonra gelen çağrı yeni bir mantıksal iadedir. En fazla 1 olmalıdır: daha fazlası paranın iki kez ödendiği anlamına gelir.</translation>
    </message>
    <message>
        <source>Median of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank, no interpolation); Time to settle tells the two apart.</source>
        <translation>Sonuçlandırılmış işlemler üzerinden resolved_at − created_at medyanı, ister bir kişi ister mutabakat sonuçlandırmış olsun (en yakın sıra, enterpolasyonsuz); ikisini ayrı ayrı Kapatma süresi gösterir.</translation>
    </message>
    <message>
        <source>90th percentile of resolved_at - created_at over resolved operations, whether a person or the reconciler resolved them (nearest-rank): nine in ten were resolved at least this fast.</source>
        <translation>Sonuçlandırılmış işlemler üzerinden resolved_at − created_at değerinin 90. yüzdeliği, ister bir kişi ister mutabakat sonuçlandırmış olsun (en yakın sıra): onda dokuzu en az bu hızda sonuçlandı.</translation>
    </message>
</context>
<context>
    <name>HistoryTab</name>
    <message>
        <source>From (UTC)</source>
        <translation>Başlangıç (UTC)</translation>
    </message>
    <message>
        <source>to (UTC, inclusive)</source>
        <translation>bitiş (UTC, dahil)</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>All states</source>
        <translation>Tüm durumlar</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Yenile</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>CSV dışa aktar…</translation>
    </message>
    <message>
        <source>The end date is before the start date: pick a later end date.</source>
        <translation>Bitiş tarihi başlangıç tarihinden önce: daha ileri bir bitiş tarihi seçin.</translation>
    </message>
    <message>
        <source>The operations table could not be read: %1</source>
        <translation>İşlem tablosu okunamadı: %1</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Hesaplanıyor…</translation>
    </message>
    <message>
        <source>The history could not be computed: %1</source>
        <translation>Geçmiş hesaplanamadı: %1</translation>
    </message>
    <message>
        <source>no refunds</source>
        <translation>iade yok</translation>
    </message>
    <message>
        <source>none</source>
        <translation>yok</translation>
    </message>
    <message>
        <source>none resolved</source>
        <translation>sonuçlandırılan yok</translation>
    </message>
    <message>
        <source>%1 operations · computed in %2 ms</source>
        <translation>%1 işlem · hesaplama: %2 ms</translation>
    </message>
    <message>
        <source>No operations were created in this range%1.
Pick a wider date range or another state to see the duplicate-prevention history.</source>
        <translation>Bu aralıkta oluşturulmuş%1 işlem yok.
Mükerrer önleme geçmişini görmek için daha geniş bir tarih aralığı veya başka bir durum seçin.</translation>
    </message>
    <message>
        <source> with state %1</source>
        <translation> ve durumu %1 olan</translation>
    </message>
    <message>
        <source>Export history as CSV</source>
        <translation>Geçmişi CSV olarak dışa aktar</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV dosyaları (*.csv)</translation>
    </message>
    <message>
        <source>Exporting %1 operations…</source>
        <translation>%1 işlem dışa aktarılıyor…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>İptal</translation>
    </message>
    <message>
        <source>The export could not start: %1</source>
        <translation>Dışa aktarma başlatılamadı: %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Yazılamıyor: %1: %2</translation>
    </message>
    <message>
        <source>The export failed, no file was written: %1</source>
        <translation>Dışa aktarma başarısız oldu, dosya yazılmadı: %1</translation>
    </message>
    <message>
        <source>Export cancelled: no file was written.</source>
        <translation>Dışa aktarma iptal edildi: dosya yazılmadı.</translation>
    </message>
    <message>
        <source>Exported %1 operations to %2.</source>
        <translation>%1 işlem dışa aktarıldı: %2.</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Son 7 gün</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Son 30 gün</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Son 90 gün</translation>
    </message>
    <message>
        <source>All time</source>
        <translation>Tüm zamanlar</translation>
    </message>
    <message>
        <source>Custom range</source>
        <translation>Özel aralık</translation>
    </message>
    <message>
        <source>No figures: the range is not valid.</source>
        <translation>Gösterge yok: aralık geçerli değil.</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Log ölçek</translation>
    </message>
    <message>
        <source>Order %1, %2%3: refunds %4</source>
        <translation>Sipariş %1, %2%3: iadeler %4</translation>
    </message>
    <message>
        <source>, request %1</source>
        <translation>, istek %1</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>ve %n tane daha</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryTableModel</name>
    <message>
        <source>Operation</source>
        <translation>İşlem</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Sipariş</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Denemeler</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Araç çağrıları</translation>
    </message>
    <message>
        <source>Created (UTC)</source>
        <translation>Oluşturulma (UTC)</translation>
    </message>
    <message>
        <source>Closed / resolved (UTC)</source>
        <translation>Kapanış / sonuç (UTC)</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Sağlayıcı iadesi</translation>
    </message>
    <message>
        <source>Reason / failure code</source>
        <translation>Neden / hata kodu</translation>
    </message>
    <message>
        <source>Resolved by</source>
        <translation>Sonuçlandıran</translation>
    </message>
    <message>
        <source>Resolution note</source>
        <translation>Sonuç notu</translation>
    </message>
</context>
<context>
    <name>LogViewDialog</name>
    <message>
        <source>Log</source>
        <translation>Günlük</translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Keys and passwords are never written.</source>
        <translation>Bu oturumun günlüğündeki en yeni satırlar. Anahtarlar ve parolalar asla yazılmaz.</translation>
    </message>
    <message>
        <source>The newest lines of this session&apos;s log. Older lines: %1. Keys and passwords are never written.</source>
        <translation>Bu oturumun günlüğündeki en yeni satırlar. Daha eski satırlar: %1. Anahtarlar ve parolalar asla yazılmaz.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
    </message>
</context>
<context>
    <name>LookupPanel</name>
    <message>
        <source>Not looked up yet.</source>
        <translation>Henüz sorgulanmadı.</translation>
    </message>
    <message>
        <source>Cancel lookup</source>
        <translation>Sorguyu iptal et</translation>
    </message>
    <message>
        <source>Look up again</source>
        <translation>Tekrar sorgula</translation>
    </message>
    <message>
        <source>Canceling…</source>
        <translation>İptal ediliyor…</translation>
    </message>
    <message>
        <source>Looking up %1 at the provider…</source>
        <translation>%1 sağlayıcıda sorgulanıyor…</translation>
    </message>
    <message>
        <source>No refund is linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation>Bu işleme bağlı iade yok. Ödemenin iadeleri (%1) ve iade olayları (%2) kontrol edildi, zaman: %3.</translation>
    </message>
    <message numerus="yes">
        <source>%n refund(s) linked to this operation. Checked %1 refund(s) of the payment and %2 refund event(s) at %3.</source>
        <translation>
            <numerusform>Bu işleme bağlı %n iade var. Ödemenin iadeleri (%1) ve iade olayları (%2) kontrol edildi, zaman: %3.</numerusform>
        </translation>
    </message>
    <message>
        <source>Lookup canceled. What is shown is incomplete and proves nothing.</source>
        <translation>Sorgu iptal edildi. Gösterilenler eksiktir ve hiçbir şeyi kanıtlamaz.</translation>
    </message>
    <message>
        <source>Lookup incomplete: reading %1 failed.</source>
        <translation>Sorgu eksik: %1 okunamadı.</translation>
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
        <translation>Sağlayıcı okuma anahtarını kabul etmiyor. PROVIDER_API_KEY içindeki ya da Dosya › Bağlan altındaki anahtarı denetleyin: bu sağlayıcı hesabının kısıtlı okuma anahtarı (rk_…) olmalıdır.</translation>
    </message>
    <message>
        <source>The key is valid but may not read refunds or events. Ask an admin to give the restricted key read access to Refunds, Events and PaymentIntents.</source>
        <translation>Anahtar geçerli ama iadeleri veya olayları okuyamıyor. Bir yöneticiden kısıtlı anahtara Refunds, Events ve PaymentIntents için okuma izni vermesini isteyin.</translation>
    </message>
    <message>
        <source>The provider is rate limiting us even after several retries. Wait a minute and look up again; lower lookup_concurrency if it keeps happening.</source>
        <translation>Sağlayıcı birkaç yeniden denemeden sonra bile istek hızını sınırlıyor. Bir dakika bekleyip yeniden sorgulayın; sürerse lookup_concurrency değerini düşürün.</translation>
    </message>
    <message>
        <source>The provider does not know the order&apos;s payment. Check that the console points at the same provider account (live or test) as the refund tool.</source>
        <translation>Sağlayıcı siparişin ödemesini tanımıyor. Konsolun iade aracıyla aynı sağlayıcı hesabına (canlı ya da test) bağlı olduğunu denetleyin.</translation>
    </message>
    <message>
        <source>The provider refused the read request. The detail names the parameter; report it to an engineer with the request id.</source>
        <translation>Sağlayıcı okuma isteğini reddetti. Ayrıntıda parametre adı yazıyor; istek kimliğiyle birlikte bir mühendise bildirin.</translation>
    </message>
    <message>
        <source>The provider had an internal error. Look up again in a few minutes; check the provider&apos;s status page if it persists.</source>
        <translation>Sağlayıcıda iç hata oluştu. Birkaç dakika sonra yeniden sorgulayın; sürerse sağlayıcının durum sayfasına bakın.</translation>
    </message>
    <message>
        <source>The provider could not be reached. Check the network connection and the provider URL, then look up again.</source>
        <translation>Sağlayıcıya ulaşılamadı. Ağ bağlantısını ve sağlayıcı URL&apos;sini denetleyip yeniden sorgulayın.</translation>
    </message>
    <message>
        <source>The provider did not answer in time. Look up again; if it keeps happening raise request_timeout_ms in the settings.</source>
        <translation>Sağlayıcı zamanında yanıt vermedi. Yeniden sorgulayın; sürerse ayarlarda request_timeout_ms değerini artırın.</translation>
    </message>
    <message>
        <source>The provider&apos;s answer could not be read. Check that the provider URL points at the provider&apos;s API, not a web page or proxy.</source>
        <translation>Sağlayıcının yanıtı okunamadı. Sağlayıcı URL&apos;sinin bir web sayfasını ya da vekil sunucuyu değil, sağlayıcının API&apos;sini gösterdiğini denetleyin.</translation>
    </message>
    <message>
        <source>The lookup was canceled. Nothing can be concluded from it.</source>
        <translation>Sorgulama iptal edildi. Ondan hiçbir sonuç çıkarılamaz.</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>başarılı</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>beklemede</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>başarısız</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>iptal edildi</translation>
    </message>
    <message>
        <source>requires action</source>
        <translation>işlem gerekiyor</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Refund operations</source>
        <translation>İade işlemleri</translation>
    </message>
    <message>
        <source>Provider: not configured</source>
        <translation>Sağlayıcı: yapılandırılmadı</translation>
    </message>
    <message>
        <source>OPERATIONS</source>
        <translation>İŞLEMLER</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Dosya</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>&amp;Bağlan…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Çı&amp;kış</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Görünüm</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Yenile</translation>
    </message>
    <message>
        <source>&amp;Find</source>
        <translation>&amp;Bul</translation>
    </message>
    <message>
        <source>Copy cells</source>
        <translation>Hücreleri kopyala</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Yardım</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>&amp;Hakkında</translation>
    </message>
    <message>
        <source>About Refund operations</source>
        <translation>İade işlemleri hakkında</translation>
    </message>
    <message>
        <source>&lt;b&gt;Refund operations console&lt;/b&gt; %1&lt;br&gt;Triage refunds whose outcome is unknown, review attempt and tool-call history. The console only reads from the payment provider and never sends a refund.</source>
        <translation>&lt;b&gt;İade işlemleri konsolu&lt;/b&gt; %1&lt;br&gt;Sonucu bilinmeyen iadeleri ayıklayın, deneme ve araç çağrısı geçmişini inceleyin. Konsol ödeme sağlayıcısından yalnızca okuma yapar ve asla iade göndermez.</translation>
    </message>
    <message>
        <source>typed in</source>
        <translation>elle girildi</translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation>sistem anahtar zinciri</translation>
    </message>
    <message>
        <source>The key could not be saved in the system keychain (%1). It is used for this session only.</source>
        <translation>Anahtar sistem anahtar zincirine kaydedilemedi (%1). Yalnızca bu oturumda kullanılacak.</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Yükleniyor…</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Yükleniyor</translation>
    </message>
    <message>
        <source>The database address is not valid.</source>
        <translation>Veritabanı adresi geçersiz.</translation>
    </message>
    <message>
        <source>%1. Use File › Connect to enter postgresql://user@host/db or sqlite:/path.</source>
        <translation>%1. postgresql://user@host/db veya sqlite:/path girmek için Dosya › Bağlan menüsünü kullanın.</translation>
    </message>
    <message>
        <source>Refund operations — %1</source>
        <translation>İade işlemleri — %1</translation>
    </message>
    <message>
        <source>This database cannot be shown.</source>
        <translation>Bu veritabanı gösterilemiyor.</translation>
    </message>
    <message>
        <source>Its schema is older than this console. Run `refund-tool db migrate` on it, then press F5.</source>
        <translation>Şeması bu konsoldan daha eski. Üzerinde `refund-tool db migrate` komutunu çalıştırın, ardından F5 tuşuna basın.</translation>
    </message>
    <message>
        <source>A write key (sk_…) was given for the provider (from %1). The console only reads from the provider and refuses to use it. Create a restricted read-only key (rk_…) and set it in PROVIDER_API_KEY or with File › Connect.</source>
        <translation>Sağlayıcı için bir yazma anahtarı (sk_…) verildi (kaynak: %1). Konsol sağlayıcıdan yalnızca okuma yapar ve bu anahtarı kullanmayı reddeder. Kısıtlı, salt okunur bir anahtar (rk_…) oluşturun ve bunu PROVIDER_API_KEY içinde ya da Dosya › Bağlan ile ayarlayın.</translation>
    </message>
    <message>
        <source>Provider: %1 — write key refused</source>
        <translation>Sağlayıcı: %1 — yazma anahtarı reddedildi</translation>
    </message>
    <message>
        <source>Provider: %1 — no read key (set PROVIDER_API_KEY)</source>
        <translation>Sağlayıcı: %1 — okuma anahtarı yok (PROVIDER_API_KEY ayarlayın)</translation>
    </message>
    <message>
        <source>Provider: %1 — checking…</source>
        <translation>Sağlayıcı: %1 — kontrol ediliyor…</translation>
    </message>
    <message>
        <source>Read key %1 from %2</source>
        <translation>Okuma anahtarı %1, kaynak: %2</translation>
    </message>
    <message>
        <source>Provider: %1 — %2</source>
        <translation>Sağlayıcı: %1 — %2</translation>
    </message>
    <message>
        <source>Operation %1 was not found in this database.</source>
        <translation>İşlem bu veritabanında bulunamadı: %1.</translation>
    </message>
    <message>
        <source>%1 is no longer in this list (its state changed). Use All or search for it.</source>
        <translation>İşlem artık bu listede değil (durumu değişti): %1. &quot;Tümü&quot; görünümünü seçin veya işlemi arayın.</translation>
    </message>
    <message>
        <source>The database refused a query: %1. The data shown may be incomplete; press F5 to try again.</source>
        <translation>Veritabanı bir sorguyu reddetti: %1. Gösterilen veriler eksik olabilir; yeniden denemek için F5 tuşuna basın.</translation>
    </message>
    <message>
        <source>database</source>
        <translation>veritabanı</translation>
    </message>
    <message>
        <source>Check that PostgreSQL is running and reachable</source>
        <translation>PostgreSQL sunucusunun çalıştığını ve erişilebilir olduğunu kontrol edin</translation>
    </message>
    <message>
        <source>Check that the database file exists and is readable</source>
        <translation>Veritabanı dosyasının var olduğunu ve okunabildiğini kontrol edin</translation>
    </message>
    <message>
        <source>&lt;b&gt;Cannot reach the database&lt;/b&gt; (%1 %2): %3.&lt;br&gt;%4; retrying every %5 s.</source>
        <translation>&lt;b&gt;Veritabanına ulaşılamıyor&lt;/b&gt; (%1 %2): %3.&lt;br&gt;%4; %5 sn aralıklarla yeniden deneniyor.</translation>
    </message>
    <message>
        <source>Nothing is lost: the rows below are from %1 and may be out of date.</source>
        <translation>Hiçbir şey kaybolmadı: aşağıdaki satırlar %1 itibarıyla alınmıştır ve güncel olmayabilir.</translation>
    </message>
    <message>
        <source>Cannot reach the database</source>
        <translation>Veritabanına ulaşılamıyor</translation>
    </message>
    <message>
        <source>%1 at %2. %3; retrying every %4 s.</source>
        <translation>%1: %2. %3; %4 sn aralıklarla yeniden deneniyor.</translation>
    </message>
    <message>
        <source>Nothing matches “%1”.</source>
        <translation>“%1” ile eşleşen bir şey yok.</translation>
    </message>
    <message>
        <source>No refund operations yet.</source>
        <translation>Henüz iade işlemi yok.</translation>
    </message>
    <message>
        <source>Operations appear here as soon as the refund tool handles its first call.</source>
        <translation>İade aracı ilk çağrısını işler işlemez işlemler burada görünür.</translation>
    </message>
    <message>
        <source>No open refunds — nothing is being retried.</source>
        <translation>Açık iade yok — yeniden denenen bir şey yok.</translation>
    </message>
    <message>
        <source>Open operations are the ones the refund tool may still retry.</source>
        <translation>Açık işlemler, iade aracının hâlâ yeniden deneyebileceği işlemlerdir.</translation>
    </message>
    <message>
        <source>No unknown refunds — nothing needs checking.</source>
        <translation>Durumu bilinmeyen iade yok — kontrol edilecek bir şey yok.</translation>
    </message>
    <message>
        <source>When the provider&apos;s answer is lost, the operation shows up here for a person to look up.</source>
        <translation>Sağlayıcının yanıtı kaybolduğunda işlem, bir kişinin sorgulaması için burada görünür.</translation>
    </message>
    <message>
        <source>No refunded operations yet.</source>
        <translation>Henüz iade edilmiş işlem yok.</translation>
    </message>
    <message>
        <source>Refunds confirmed by the provider are listed here with their refund id.</source>
        <translation>Sağlayıcının onayladığı iadeler, iade kimlikleriyle birlikte burada listelenir.</translation>
    </message>
    <message>
        <source>No failed refunds.</source>
        <translation>Başarısız iade yok.</translation>
    </message>
    <message>
        <source>Refunds the provider refused, or that a reviewer confirmed were never made, are listed here.</source>
        <translation>Sağlayıcının reddettiği ya da bir inceleyenin hiç yapılmadığını doğruladığı iadeler burada listelenir.</translation>
    </message>
    <message>
        <source>No key expires within the next hour.</source>
        <translation>Önümüzdeki bir saat içinde süresi dolacak anahtar yok.</translation>
    </message>
    <message>
        <source>Open and unknown operations whose idempotency key is about to expire at the provider are listed here, soonest first.</source>
        <translation>Tekrar koruma anahtarının süresi sağlayıcıda dolmak üzere olan açık ve bilinmeyen işlemler, en yakın olandan başlayarak burada listelenir.</translation>
    </message>
    <message>
        <source>Nothing selected.</source>
        <translation>Hiçbir şey seçilmedi.</translation>
    </message>
    <message>
        <source>%1 · 1 operation</source>
        <translation>%1 · 1 işlem</translation>
    </message>
    <message>
        <source>%1 · %2 operations</source>
        <translation>%1 · %2 işlem</translation>
    </message>
    <message>
        <source>%1 of %2 rows loaded</source>
        <translation>%2 satırdan %1 tanesi yüklendi</translation>
    </message>
    <message>
        <source>Database: not connected</source>
        <translation>Veritabanı: bağlı değil</translation>
    </message>
    <message>
        <source>Database: %1 %2%3</source>
        <translation>Veritabanı: %1 %2%3</translation>
    </message>
    <message>
        <source> — disconnected</source>
        <translation> — bağlantı kesildi</translation>
    </message>
    <message>
        <source>Role: %1 (SQLite: shapes the interface only)</source>
        <translation>Rol: %1 (SQLite: yalnızca arayüzü belirler)</translation>
    </message>
    <message>
        <source>Role: %1</source>
        <translation>Rol: %1</translation>
    </message>
    <message>
        <source>On PostgreSQL the database itself enforces what this role may do.</source>
        <translation>PostgreSQL&apos;de bu rolün neler yapabileceğini veritabanının kendisi denetler.</translation>
    </message>
    <message>
        <source>Connect a provider with a read-only key (PROVIDER_API_KEY or File › Connect) to look refunds up.</source>
        <translation>İadeleri sorgulamak için salt okunur bir anahtarla bir sağlayıcı bağlayın (PROVIDER_API_KEY veya Dosya › Bağlan).</translation>
    </message>
    <message>
        <source>&amp;Log</source>
        <translation>&amp;Günlük</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>&amp;İnceleme</translation>
    </message>
    <message>
        <source>Look up &amp;&amp; &amp;resolve selected…</source>
        <translation>Seçileni sorgula &amp;&amp; &amp;sonuçlandır…</translation>
    </message>
    <message>
        <source>Customer &amp;message for selected…</source>
        <translation>Seçilen için müşteri &amp;mesajı…</translation>
    </message>
    <message>
        <source>&amp;Check all unknown…</source>
        <translation>Tüm &amp;bilinmeyenleri kontrol et…</translation>
    </message>
    <message>
        <source>Checking unknown refunds needs the provider: connect one with a read-only key (PROVIDER_API_KEY or File › Connect).</source>
        <translation>Bilinmeyen iadeleri kontrol etmek için bir sağlayıcı gerekir: salt okunur bir anahtarla bağlayın (PROVIDER_API_KEY veya Dosya › Bağlan).</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>İşlemler</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Geçmiş</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Ayarlar</translation>
    </message>
    <message>
        <source>Duplicate-prevention history, charts and CSV export</source>
        <translation>Mükerrer önleme geçmişi, grafikler ve CSV dışa aktarma</translation>
    </message>
    <message>
        <source>History is for finance and admins; your role is %1.</source>
        <translation>Geçmiş, finans ekibi ve yöneticiler içindir; rolünüz: %1.</translation>
    </message>
    <message>
        <source>Retry budgets, backoff, timeouts and provider API version</source>
        <translation>Yeniden deneme limitleri, bekleme, zaman aşımları ve sağlayıcı API sürümü</translation>
    </message>
    <message>
        <source>Only admins change settings; your role (%1) sees them read-only.</source>
        <translation>Ayarları yalnızca yöneticiler değiştirir; rolünüz (%1) bunları salt okunur görür.</translation>
    </message>
    <message>
        <source>The database login has no refund role, so it can read nothing here. An admin can grant one: refund-tool db grant --user LOGIN --role support.</source>
        <translation>Veritabanı kullanıcısının bir iade rolü yok, bu yüzden burada hiçbir şeyi okuyamaz. Bir yönetici rol verebilir: refund-tool db grant --user LOGIN --role support.</translation>
    </message>
    <message>
        <source>SQLite is single-user and not a security boundary: the role only decides what the console offers.</source>
        <translation>SQLite tek kullanıcılıdır ve bir güvenlik sınırı değildir: rol yalnızca konsolun neler sunacağını belirler.</translation>
    </message>
    <message>
        <source>There is no database at %1.</source>
        <translation>Şu konumda veritabanı yok: %1.</translation>
    </message>
    <message>
        <source>Check the path, or create the database with: refund-tool db migrate --db %1. File › Connect picks another one.</source>
        <translation>Yolu denetleyin ya da veritabanını şu komutla oluşturun: refund-tool db migrate --db %1. Başka bir veritabanı Dosya › Bağlan ile seçilir.</translation>
    </message>
    <message>
        <source>The database cannot be opened.</source>
        <translation>Veritabanı açılamıyor.</translation>
    </message>
    <message>
        <source>%1. Check that --db names an operation database, or create one with refund-tool db migrate.</source>
        <translation>%1. --db seçeneğinin bir işlem veritabanını gösterdiğini denetleyin ya da refund-tool db migrate ile bir tane oluşturun.</translation>
    </message>
    <message>
        <source>The provider at %1 does not answer (%2). Look-ups and resolutions wait until it does: check the URL (File › Connect) and the network. The operations below are from the database and stay current.</source>
        <translation>Şu adresteki sağlayıcı yanıt vermiyor: %1 (%2). Sorgulama ve sonuçlandırma, sağlayıcı yanıt verene kadar bekler: adresi (Dosya › Bağlan) ve ağı denetleyin. Aşağıdaki işlemler veritabanından gelir ve güncel kalır.</translation>
    </message>
    <message>
        <source>A confirmed refund was reversed: the provider reports it failed, so the money did not reach the customer. Open Reversed and send the customer the next step.</source>
        <translation>Onaylanmış bir iade geri döndü: sağlayıcı başarısız olduğunu bildiriyor, para müşteriye ulaşmadı. Geri döndü görünümünü açın ve müşteriye sonraki adımı gönderin.</translation>
    </message>
    <message>
        <source>No reversed refunds.</source>
        <translation>Geri dönen iade yok.</translation>
    </message>
    <message>
        <source>Refunds the provider confirmed and later reported failed are listed here; the customer needs a new refund or another way to be paid.</source>
        <translation>Sağlayıcının onaylayıp sonra başarısız olduğunu bildirdiği iadeler burada listelenir; müşterinin yeni bir iadeye veya başka bir ödeme yoluna ihtiyacı var.</translation>
    </message>
    <message>
        <source>&amp;Unmatched provider events…</source>
        <translation>&amp;Eşleşmeyen sağlayıcı olayları…</translation>
    </message>
    <message>
        <source>Open Unknown</source>
        <translation>«Bilinmiyor» görünümünü aç</translation>
    </message>
    <message>
        <source>Open Reversed</source>
        <translation>«Geri döndü» görünümünü aç</translation>
    </message>
    <message>
        <source>Refunds need a person</source>
        <translation>İadeler bir kişiyi bekliyor</translation>
    </message>
    <message numerus="yes">
        <source>%n new refund(s) with an unknown outcome: nobody knows yet whether the money went back. Check them at the provider before anyone tells the customer.</source>
        <translation>
            <numerusform>Sonucu bilinmeyen %n yeni iade: paranın geri gidip gitmediğini henüz kimse bilmiyor. Müşteriye bir şey söylenmeden önce sağlayıcıda kontrol edin.</numerusform>
        </translation>
    </message>
    <message>
        <source>A confirmed refund was reversed</source>
        <translation>Onaylanmış bir iade geri döndü</translation>
    </message>
    <message>
        <source>Rows %1–%2 of %3 loaded</source>
        <translation>%3 satırın %1–%2 arası yüklendi</translation>
    </message>
    <message>
        <source>%1 is no longer in the database.</source>
        <translation>%1 artık veritabanında yok.</translation>
    </message>
    <message>
        <source>The details of %1 could not be read: %2</source>
        <translation>%1 ayrıntıları okunamadı: %2</translation>
    </message>
    <message>
        <source>Filter this view by created date, currency and amount</source>
        <translation>Bu görünümü oluşturulma tarihine, para birimine ve tutara göre süz</translation>
    </message>
    <message>
        <source>Filters (%1)</source>
        <translation>Süzgeçler (%1)</translation>
    </message>
    <message>
        <source>Filters</source>
        <translation>Süzgeçler</translation>
    </message>
    <message>
        <source>No operation in this view matches the filters.</source>
        <translation>Bu görünümde süzgeçlere uyan işlem yok.</translation>
    </message>
    <message>
        <source>The created dates, currency and amount under Filters narrow this view only. Change them, or press Clear filters.</source>
        <translation>Süzgeçlerdeki oluşturulma tarihleri, para birimi ve tutar yalnızca bu görünümü daraltır. Bunları değiştirin ya da Süzgeçleri temizle düğmesine basın.</translation>
    </message>
    <message>
        <source>Search “%1”</source>
        <translation>“%1” araması</translation>
    </message>
    <message>
        <source>%1, search “%2”</source>
        <translation>%1, “%2” araması</translation>
    </message>
    <message>
        <source>Search all states: order, operation, key, refund id</source>
        <translation>Her yerde ara: sipariş, işlem, anahtar, iade</translation>
    </message>
    <message>
        <source>Finds a part of an order id, operation id, idempotency key or refund id in every state (three characters or more; a shorter term matches an id exactly or its start). Ctrl+F</source>
        <translation>Tüm durumlarda sipariş numarasının, işlem kimliğinin, tekrar koruma anahtarının veya iade kimliğinin bir parçasını bulur (en az üç karakter; daha kısa bir arama kimliğin tamamını veya başını eşler). Ctrl+F</translation>
    </message>
    <message>
        <source>Search finds a part of an order id, operation id, idempotency key or provider refund id of three characters or more (a shorter term: an id exactly or its beginning). Check the filters, clear the search or pick All on the left.</source>
        <translation>Arama; sipariş numarasının, işlem kimliğinin, tekrar koruma anahtarının veya sağlayıcı iade kimliğinin en az üç karakterlik bir parçasını bulur (daha kısa bir arama: kimliğin tamamı veya başı). Filtreleri kontrol edin, aramayı temizleyin veya soldaki &quot;Tümü&quot; görünümünü seçin.</translation>
    </message>
    <message>
        <source>Refunds &amp;paid twice…</source>
        <translation>İki kez &amp;ödenen iadeler…</translation>
    </message>
</context>
<context>
    <name>MessageBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Kapat</translation>
    </message>
</context>
<context>
    <name>OperationFilterBar</name>
    <message>
        <source>Created from</source>
        <translation>Oluşturulma başı</translation>
    </message>
    <message>
        <source>Only operations created on or after this UTC date</source>
        <translation>Yalnızca bu UTC tarihinde ya da sonrasında oluşturulan işlemler</translation>
    </message>
    <message>
        <source>to</source>
        <translation>sonu</translation>
    </message>
    <message>
        <source>Only operations created on or before this UTC date</source>
        <translation>Yalnızca bu UTC tarihinde ya da öncesinde oluşturulan işlemler</translation>
    </message>
    <message>
        <source>One currency (an ISO 4217 code such as USD); an amount range needs one</source>
        <translation>Tek bir para birimi (USD gibi bir ISO 4217 kodu); tutar aralığı için gereklidir</translation>
    </message>
    <message>
        <source>Any currency</source>
        <translation>Tüm para birimleri</translation>
    </message>
    <message>
        <source>min amount</source>
        <translation>en az tutar</translation>
    </message>
    <message>
        <source>max amount</source>
        <translation>en çok tutar</translation>
    </message>
    <message>
        <source>In the chosen currency&apos;s units, both ends included (e.g. 38.50)</source>
        <translation>Seçilen para biriminin birimleriyle, iki uç da dahil (ör. 38,50)</translation>
    </message>
    <message>
        <source>Clear filters</source>
        <translation>Süzgeçleri temizle</translation>
    </message>
    <message>
        <source>Created: the end date is before the start date.</source>
        <translation>Oluşturulma: bitiş tarihi başlangıç tarihinden önce.</translation>
    </message>
    <message>
        <source>Currency: “%1” is not a three-letter code such as USD.</source>
        <translation>Para birimi: “%1”, USD gibi üç harfli bir kod değil.</translation>
    </message>
    <message numerus="yes">
        <source>%1: “%2” is not an amount in %3 (at most %n decimal(s)).</source>
        <translation>
            <numerusform>%1: “%2”, %3 cinsinden bir tutar değil (en çok %n ondalık basamak).</numerusform>
        </translation>
    </message>
    <message>
        <source>Min amount</source>
        <translation>En az tutar</translation>
    </message>
    <message>
        <source>Max amount</source>
        <translation>En çok tutar</translation>
    </message>
    <message>
        <source>Amount: the minimum is above the maximum.</source>
        <translation>Tutar: en az değer en çok değerden büyük.</translation>
    </message>
</context>
<context>
    <name>OperationFormat</name>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 g %2 sa</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 sa %2 dk</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 dk %2 sn</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 sn</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>süresi doldu</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 dk</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Açık</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Bilinmiyor</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>İade edildi</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Başarısız</translation>
    </message>
    <message>
        <source>In flight</source>
        <translation>Sürüyor</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Başarılı</translation>
    </message>
    <message>
        <source>No response</source>
        <translation>Yanıt yok</translation>
    </message>
    <message>
        <source>In progress (409)</source>
        <translation>İşleniyor (409)</translation>
    </message>
    <message>
        <source>Rate limited (429)</source>
        <translation>Hız sınırı (429)</translation>
    </message>
    <message>
        <source>Provider error (5xx)</source>
        <translation>Sunucu hatası (5xx)</translation>
    </message>
    <message>
        <source>Key mismatch</source>
        <translation>Anahtar uyuşmazlığı</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Reddedildi</translation>
    </message>
    <message>
        <source>Auth failed</source>
        <translation>Kimlik doğrulanamadı</translation>
    </message>
    <message>
        <source>Invalid response</source>
        <translation>Geçersiz yanıt</translation>
    </message>
    <message>
        <source>No answer recorded</source>
        <translation>Yanıt kaydedilmedi</translation>
    </message>
    <message>
        <source>Not sent</source>
        <translation>Gönderilmedi</translation>
    </message>
    <message>
        <source>Refund failed</source>
        <translation>İade başarısız</translation>
    </message>
    <message>
        <source>Answer mismatch</source>
        <translation>Yanıt uyuşmuyor</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Geri döndü</translation>
    </message>
    <message>
        <source>Attempt budget used up without a definite answer</source>
        <translation>Deneme hakkı kesin yanıtsız tükendi</translation>
    </message>
    <message>
        <source>The provider may have forgotten the idempotency key</source>
        <translation>Sağlayıcı tekrar koruma anahtarını unutmuş olabilir</translation>
    </message>
    <message>
        <source>The provider answered with a refund that is not this one</source>
        <translation>Sağlayıcı bu işleme ait olmayan bir iadeyle yanıt verdi</translation>
    </message>
    <message>
        <source>The provider stored an error of unknown outcome</source>
        <translation>Sağlayıcı sonucu bilinmeyen bir hata kaydetti</translation>
    </message>
    <message>
        <source>The provider says the key belongs to another request</source>
        <translation>Sağlayıcıya göre anahtar başka bir isteğe ait</translation>
    </message>
    <message>
        <source>An answer that did not come from the provider</source>
        <translation>Sağlayıcıdan gelmeyen bir yanıt</translation>
    </message>
    <message>
        <source>Refused after an earlier attempt went unanswered</source>
        <translation>Yanıtsız kalan bir denemeden sonra reddedildi</translation>
    </message>
    <message>
        <source>No refund was made</source>
        <translation>İade yapılmadı</translation>
    </message>
    <message>
        <source>The provider reports the refund failed</source>
        <translation>Sağlayıcı iadenin başarısız olduğunu bildiriyor</translation>
    </message>
    <message>
        <source>Refunded, then reported failed by the provider</source>
        <translation>İade onaylandı, ardından sağlayıcı başarısız olduğunu bildirdi</translation>
    </message>
    <message>
        <source>The payment was already refunded</source>
        <translation>Ödeme zaten iade edilmiş</translation>
    </message>
    <message>
        <source>The amount is larger than what is left to refund</source>
        <translation>Tutar, iade edilebilecek kalandan büyük</translation>
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
        <translation>iade %1</translation>
    </message>
    <message>
        <source>by the reconciler</source>
        <translation>mutabakat tarafından</translation>
    </message>
    <message>
        <source>event %1</source>
        <translation>olay %1</translation>
    </message>
    <message>
        <source>note: “%1”</source>
        <translation>not: “%1”</translation>
    </message>
    <message>
        <source>Not confirmed yet</source>
        <translation>Henüz onaylanmadı</translation>
    </message>
    <message>
        <source>A person is checking</source>
        <translation>Bir çalışan kontrol ediyor</translation>
    </message>
    <message>
        <source>Rejected (bad input)</source>
        <translation>Reddedildi (hatalı girdi)</translation>
    </message>
    <message>
        <source>support</source>
        <translation>destek</translation>
    </message>
    <message>
        <source>finance</source>
        <translation>finans</translation>
    </message>
    <message>
        <source>admin</source>
        <translation>yönetici</translation>
    </message>
    <message>
        <source>Reconciler</source>
        <translation>Mutabakat</translation>
    </message>
</context>
<context>
    <name>OperationLookup</name>
    <message>
        <source>Amount differs: the refund is %1, the operation %2.</source>
        <translation>Tutar farklı: iade %1, işlem %2.</translation>
    </message>
    <message>
        <source>Currency differs: the refund is in %1, the operation in %2.</source>
        <translation>Para birimi farklı: iade %1, işlem %2.</translation>
    </message>
    <message>
        <source>Order unknown: the refund carries no metadata.order_id; the operation is for order %1.</source>
        <translation>Sipariş bilinmiyor: iadede metadata.order_id yok; işlem %1 siparişine ait.</translation>
    </message>
    <message>
        <source>Order differs: the refund names order %1, the operation order %2.</source>
        <translation>Sipariş farklı: iade %1 siparişini, işlem %2 siparişini gösteriyor.</translation>
    </message>
    <message>
        <source>Payment differs: the refund is on %1, the order&apos;s payment is %2.</source>
        <translation>Ödeme farklı: iade %1 üzerinde, siparişin ödemesi %2.</translation>
    </message>
    <message>
        <source>Reading %1 events…</source>
        <translation>%1 olayları okunuyor…</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 olayları</translation>
    </message>
    <message>
        <source>The operation is older than 30 days: the provider no longer returns its events, so only the payment&apos;s refund list was checked.</source>
        <translation>İşlem 30 günden eski: sağlayıcı artık olaylarını döndürmüyor, bu yüzden yalnızca ödemenin iade listesi denetlendi.</translation>
    </message>
    <message>
        <source>refunds of the order&apos;s payment</source>
        <translation>siparişin ödemesinin iadeleri</translation>
    </message>
    <message>
        <source>the order has no payment intent on record</source>
        <translation>siparişin kayıtlı bir payment intent&apos;i yok</translation>
    </message>
    <message>
        <source>Listing the refunds of %1…</source>
        <translation>%1 iadeleri listeleniyor…</translation>
    </message>
    <message>
        <source>refunds of %1</source>
        <translation>%1 iadeleri</translation>
    </message>
    <message>
        <source>Searching payments of order %1…</source>
        <translation>%1 siparişinin ödemeleri aranıyor…</translation>
    </message>
    <message>
        <source>Payment search failed (%1); it is optional and does not change the result.</source>
        <translation>Ödeme araması başarısız oldu (%1); isteğe bağlıdır ve sonucu değiştirmez.</translation>
    </message>
    <message>
        <source>Payment search found no payment for order %1 yet. Search lags by up to a minute (an hour in outages): this is not proof of anything.</source>
        <translation>Ödeme araması %1 siparişi için henüz bir ödeme bulmadı. Arama bir dakikaya kadar (kesintilerde bir saate kadar) geriden gelir: bu hiçbir şeyin kanıtı değildir.</translation>
    </message>
    <message>
        <source>Payment search for order %1 found %2. Search lags: a payment missing here may still exist.</source>
        <translation>%1 siparişi için ödeme araması şunu buldu: %2. Arama geriden gelir: burada görünmeyen bir ödeme yine de var olabilir.</translation>
    </message>
</context>
<context>
    <name>OperationTableModel</name>
    <message>
        <source>Key retention ends %1 (%2)</source>
        <translation>Anahtarın saklama süresi bitişi: %1 (%2)</translation>
    </message>
    <message>
        <source>Created %1</source>
        <translation>Oluşturulma: %1</translation>
    </message>
    <message>
        <source>Idempotency key %1</source>
        <translation>Tekrar koruma anahtarı: %1</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>İşlem</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Sipariş</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Durum</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Denemeler</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Çağrılar</translation>
    </message>
    <message>
        <source>Key expires in</source>
        <translation>Anahtar bitişine</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Geçen süre</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Son deneme</translation>
    </message>
    <message>
        <source>Provider refund</source>
        <translation>Sağlayıcı iadesi</translation>
    </message>
    <message>
        <source>Time left before the provider forgets the idempotency key. After that the operation is never sent again.</source>
        <translation>Sağlayıcının tekrar koruma anahtarını unutmasına kalan süre. Bu süreden sonra işlem bir daha asla gönderilmez.</translation>
    </message>
</context>
<context>
    <name>OperationTableView</name>
    <message>
        <source>Copy operation id</source>
        <translation>İşlem kimliğini kopyala</translation>
    </message>
    <message>
        <source>Copy order id</source>
        <translation>Sipariş kimliğini kopyala</translation>
    </message>
    <message>
        <source>Copy idempotency key</source>
        <translation>Tekrar koruma anahtarını kopyala</translation>
    </message>
    <message>
        <source>Copy refund id</source>
        <translation>İade kimliğini kopyala</translation>
    </message>
    <message>
        <source>Open the refund at the provider</source>
        <translation>İadeyi sağlayıcıda aç</translation>
    </message>
</context>
<context>
    <name>PaidTwiceDialog</name>
    <message>
        <source>Refunds paid twice</source>
        <translation>İki kez ödenen iadeler</translation>
    </message>
    <message>
        <source>Refunds the provider made more than once for one request: the same order and amount (and the same request reference, if the calls named one). The customer received the money twice. Never refund these again; finance recovers the extra refund. Double-click a row to open its first operation.</source>
        <translation>Sağlayıcının tek bir istek için birden çok kez yaptığı iadeler: aynı sipariş ve tutar (ve çağrılar bir istek referansı verdiyse aynı referans). Müşteri parayı iki kez aldı. Bunları asla yeniden iade etmeyin; fazla iadeyi finans ekibi geri alır. Bir satıra çift tıklamak ilk işlemini açar.</translation>
    </message>
    <message>
        <source>The check could not be read: %1</source>
        <translation>Denetim okunamadı: %1</translation>
    </message>
    <message>
        <source>None: the provider made at most one refund for every request.</source>
        <translation>Yok: sağlayıcı her istek için en fazla bir iade yaptı.</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) refunded more than once, by order.</source>
        <translation>
            <numerusform>%n istek birden çok kez iade edildi, siparişe göre.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PaidTwiceModel</name>
    <message numerus="yes">
        <source>%n refund(s): %1</source>
        <translation>
            <numerusform>%n iade: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Sipariş</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Request ref</source>
        <translation>İstek referansı</translation>
    </message>
    <message>
        <source>Refunds at the provider</source>
        <translation>Sağlayıcıdaki iadeler</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>İşlemler</translation>
    </message>
</context>
<context>
    <name>ProviderKeySource</name>
    <message>
        <source>the system keychain did not answer within 5 s</source>
        <translation>sistem anahtar zinciri 5 sn içinde yanıt vermedi</translation>
    </message>
    <message>
        <source>the PROVIDER_API_KEY environment variable</source>
        <translation>PROVIDER_API_KEY ortam değişkeni</translation>
    </message>
    <message>
        <source>system keychain</source>
        <translation>sistem anahtar zinciri</translation>
    </message>
</context>
<context>
    <name>ProviderStatusMonitor</name>
    <message>
        <source>reachable</source>
        <translation>erişilebilir</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Refund operations</source>
        <translation>İade işlemleri</translation>
    </message>
    <message>
        <source>Operations console for refunds: triage unknown outcomes, review attempt and tool-call history. Reads only.</source>
        <translation>İadeler için işlem konsolu: sonucu bilinmeyen iadeleri ayıklayın, deneme ve araç çağrısı geçmişini inceleyin. Yalnızca okuma yapar.</translation>
    </message>
    <message>
        <source>Run against an embedded demo (sandbox provider and a fresh SQLite database).</source>
        <translation>Yerleşik demo ile çalıştır (sandbox sağlayıcı ve yeni bir SQLite veritabanı).</translation>
    </message>
    <message>
        <source>Keep the demo files in DIR.</source>
        <translation>Demo dosyalarını DIR dizininde tut.</translation>
    </message>
    <message>
        <source>Operation database: postgresql://user@host/db or sqlite:PATH (password from PGPASSWORD).</source>
        <translation>İşlem veritabanı: postgresql://user@host/db veya sqlite:PATH (parola PGPASSWORD değişkeninden).</translation>
    </message>
    <message>
        <source>Payment provider base URL; the read-only key comes from PROVIDER_API_KEY or the system keychain.</source>
        <translation>Ödeme sağlayıcısının temel URL&apos;si; salt okunur anahtar PROVIDER_API_KEY değişkeninden veya sistem anahtar zincirinden alınır.</translation>
    </message>
    <message>
        <source>support, finance or admin (default support).</source>
        <translation>support, finance veya admin (varsayılan: support).</translation>
    </message>
    <message>
        <source>Save the window as PNG to FILE once the data is shown, then exit.</source>
        <translation>Veriler gösterildiğinde pencereyi PNG olarak FILE dosyasına kaydet ve çık.</translation>
    </message>
    <message>
        <source>Select this operation at start.</source>
        <translation>Başlangıçta bu işlemi seç.</translation>
    </message>
    <message>
        <source>Interface language: en, ru or tr (default: the system&apos;s).</source>
        <translation>Arayüz dili: en, ru veya tr (varsayılan: sistemin dili).</translation>
    </message>
    <message>
        <source>trace, debug, info, warn, error or off (default: info, or the REFUND_LOG_LEVEL environment variable).</source>
        <translation>trace, debug, info, warn, error veya off (varsayılan: info ya da REFUND_LOG_LEVEL ortam değişkeni).</translation>
    </message>
    <message>
        <source>Window size in pixels, e.g. 1024x640 (default 1280x800); with --screenshot, the picture&apos;s size (larger when the window cannot be made that small).</source>
        <translation>Piksel cinsinden pencere boyutu, örneğin 1024x640 (varsayılan 1280x800); --screenshot ile görüntünün boyutu (pencere bu kadar küçültülemiyorsa daha büyük).</translation>
    </message>
    <message>
        <source>The range History opens on: the last 7, 30 or 90 UTC days, or all (default 7).</source>
        <translation>Geçmiş sekmesinin açıldığı aralık: son 7, 30 veya 90 gün (UTC) ya da tümü için all (varsayılan 7).</translation>
    </message>
    <message>
        <source>With --screenshot: what to save. A tab (operations, history, settings) in the window, or a dialog alone, opened on the selected operation and saved once it has read what it shows (resolve, message, checkall, unmatched, paidtwice, log, connection), at its own size made to fit --window-size. Default: operations.</source>
        <translation>--screenshot ile: neyin kaydedileceği. Penceredeki bir sekme (operations, history, settings) ya da seçili işlemde açılan ve gösterdiğini okuduktan sonra kaydedilen tek başına bir iletişim kutusu (resolve, message, checkall, unmatched, paidtwice, log, connection); kendi boyutunda, --window-size içine sığacak şekilde. Varsayılan: operations.</translation>
    </message>
</context>
<context>
    <name>ResolutionPolicy</name>
    <message>
        <source>Refunded</source>
        <translation>İade edildi</translation>
    </message>
    <message>
        <source>Failed: no refund was made</source>
        <translation>Başarısız: iade yapılmadı</translation>
    </message>
    <message>
        <source>Keep waiting</source>
        <translation>Beklemeye devam</translation>
    </message>
    <message>
        <source>Needs a person</source>
        <translation>Bir kişi gerekiyor</translation>
    </message>
    <message>
        <source>Lookup incomplete</source>
        <translation>Sorgulama tamamlanmadı</translation>
    </message>
    <message>
        <source>Not unknown</source>
        <translation>Bilinmeyen değil</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 g %2 sa</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 sa %2 dk</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 dk</translation>
    </message>
    <message>
        <source>The operation is %1, not unknown: there is nothing to resolve.</source>
        <translation>İşlemin durumu &quot;%1&quot;, bilinmeyen değil: çözülecek bir şey yok.</translation>
    </message>
    <message>
        <source>The lookup did not finish (%1). A half-read answer proves nothing; look up again.</source>
        <translation>Sorgulama bitmedi (%1). Yarım okunmuş bir yanıt hiçbir şey kanıtlamaz; yeniden sorgulayın.</translation>
    </message>
    <message numerus="yes">
        <source>%n refund(s) linked to this operation do not match it (amount, currency or order). A person must decide.</source>
        <translation>
            <numerusform>Bu işleme bağlı %n iade işlemle eşleşmiyor (tutar, para birimi ya da sipariş). Bir kişinin karar vermesi gerekiyor.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n refunds that moved money are linked to this one operation: a possible double refund. Escalate to finance.</source>
        <translation>
            <numerusform>Bu tek işleme para hareket ettiren %n iade bağlı: olası mükerrer iade. Finansa iletin.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refund %1 is %2: neither done nor failed yet. Check it again later.</source>
        <translation>%1 iadesinin durumu &quot;%2&quot;: henüz ne tamamlandı ne başarısız oldu. Daha sonra yeniden denetleyin.</translation>
    </message>
    <message>
        <source>without a status</source>
        <translation>durumsuz</translation>
    </message>
    <message>
        <source>Refund %1 (%2) matches the operation&apos;s amount, currency and order.</source>
        <translation>%1 iadesi (%2) işlemin tutarı, para birimi ve siparişiyle eşleşiyor.</translation>
    </message>
    <message>
        <source>The only refund(s) made for this operation are failed or canceled: no money moved.</source>
        <translation>Bu işlem için yapılan iadelerin tümü başarısız ya da iptal: hiç para hareket etmedi.</translation>
    </message>
    <message>
        <source>No refund exists and no request was ever sent for this operation.</source>
        <translation>İade yok ve bu işlem için hiç istek gönderilmedi.</translation>
    </message>
    <message>
        <source>No refund exists and the key retention has passed: the original request can no longer execute.</source>
        <translation>İade yok ve anahtarın saklama süresi geçti: asıl istek artık yürütülemez.</translation>
    </message>
    <message>
        <source>No refund found yet, but the provider keeps the key for another %1: the original request may still execute. Look again after it expires.</source>
        <translation>Henüz iade bulunmadı, ama sağlayıcı anahtarı %1 daha saklıyor: asıl istek hâlâ yürütülebilir. Süre dolduktan sonra yeniden bakın.</translation>
    </message>
    <message>
        <source>The lookup did not finish, so it cannot show that no refund exists. Look up again.</source>
        <translation>Sorgulama bitmedi, bu yüzden iade olmadığını gösteremez. Yeniden sorgulayın.</translation>
    </message>
    <message>
        <source>A refund that is not failed or canceled is linked to this operation.</source>
        <translation>Bu işleme başarısız ya da iptal olmayan bir iade bağlı.</translation>
    </message>
    <message>
        <source>Every refund linked to the operation is failed or canceled.</source>
        <translation>İşleme bağlı her iade başarısız ya da iptal.</translation>
    </message>
    <message>
        <source>This lookup started before the key expired, when the original request could still execute. Look up again to resolve as &quot;failed&quot;.</source>
        <translation>Bu sorgulama, asıl istek hâlâ yürütülebilirken, anahtarın süresi dolmadan başladı. &quot;Başarısız&quot; olarak çözmek için yeniden sorgulayın.</translation>
    </message>
    <message>
        <source>The provider keeps the key for another %1: the original request may still execute. &quot;Failed&quot; is allowed after that.</source>
        <translation>Sağlayıcı anahtarı %1 daha saklıyor: asıl istek hâlâ yürütülebilir. &quot;Başarısız&quot; ancak bundan sonra seçilebilir.</translation>
    </message>
    <message>
        <source>No refund found and the key retention has passed.</source>
        <translation>İade bulunmadı ve anahtarın saklama süresi geçti.</translation>
    </message>
    <message>
        <source>No refund found and no request was ever sent.</source>
        <translation>İade bulunmadı ve hiç istek gönderilmedi.</translation>
    </message>
    <message>
        <source>Refund %1 was not found by this operation&apos;s lookup.</source>
        <translation>%1 iadesi bu işlemin sorgulamasında bulunmadı.</translation>
    </message>
    <message>
        <source>Refund %1 is %2; only a succeeded or pending refund is evidence of a refund.</source>
        <translation>%1 iadesinin durumu &quot;%2&quot;; yalnızca başarılı ya da bekleyen bir iade, iadenin kanıtıdır.</translation>
    </message>
    <message>
        <source>Refund %1 does not match the operation: %2</source>
        <translation>%1 iadesi işlemle eşleşmiyor: %2</translation>
    </message>
    <message>
        <source>Refund %1 (%2) matches the operation.</source>
        <translation>%1 iadesi (%2) işlemle eşleşiyor.</translation>
    </message>
    <message>
        <source>the refund is gone</source>
        <translation>iade artık yok</translation>
    </message>
    <message>
        <source>nothing is proposed</source>
        <translation>hiçbir şey önerilmiyor</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one is still open, and the refund tool settles it.</source>
        <translation>Yalnızca bilinmeyen işlemler çözülebilir; bu işlem hâlâ açık ve onu iade aracı sonuçlandırır.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one is already refunded.</source>
        <translation>Yalnızca bilinmeyen işlemler çözülebilir; bu işlemin iadesi zaten yapıldı.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one already failed.</source>
        <translation>Yalnızca bilinmeyen işlemler çözülebilir; bu işlem zaten başarısız oldu.</translation>
    </message>
    <message>
        <source>Only unknown operations can be resolved; this one was refunded and then reversed by the provider.</source>
        <translation>Yalnızca bilinmeyen işlemler çözülebilir; bu işlemin iadesi yapıldı, ardından sağlayıcı tarafından geri çevrildi.</translation>
    </message>
</context>
<context>
    <name>ResolveDialog</name>
    <message>
        <source>Look up and resolve %1</source>
        <translation>Sorgula ve sonuçlandır: %1</translation>
    </message>
    <message>
        <source>At the provider (read-only)</source>
        <translation>Sağlayıcıda (salt okunur)</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>Sonuç</translation>
    </message>
    <message>
        <source>Refunded — the selected refund is the evidence</source>
        <translation>İade edildi — seçilen iade kanıttır</translation>
    </message>
    <message>
        <source>Failed — no refund was made</source>
        <translation>Başarısız — iade yapılmadı</translation>
    </message>
    <message>
        <source>Note (required) — what you checked and why:</source>
        <translation>Not (zorunlu) — neyi kontrol ettiniz ve neden:</translation>
    </message>
    <message>
        <source>e.g. Found re_… with metadata.operation_id = this operation, status succeeded, amount and order match.</source>
        <translation>ör. metadata.operation_id = bu işlem olan re_… bulundu, durumu başarılı, tutar ve sipariş eşleşiyor.</translation>
    </message>
    <message>
        <source>There is no &quot;retry&quot; here on purpose: a new refund or a new key for an unknown outcome can pay the customer twice.</source>
        <translation>Burada bilerek &quot;yeniden dene&quot; yok: sonucu bilinmeyen bir işlem için yeni bir iade veya yeni bir anahtar, müşteriye iki kez ödeme yapılmasına yol açabilir.</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Sonuçlandır</translation>
    </message>
    <message>
        <source>Customer message…</source>
        <translation>Müşteri mesajı…</translation>
    </message>
    <message>
        <source>This operation is %1, not unknown: there is nothing to resolve. The lookup is shown for reference.</source>
        <translation>Bu işlemin durumu &quot;%1&quot;, &quot;bilinmiyor&quot; değil: sonuçlandırılacak bir şey yok. Sorgu bilgi amaçlı gösteriliyor.</translation>
    </message>
    <message>
        <source>No provider read key is configured, so the operation cannot be looked up. Set PROVIDER_API_KEY or use File › Connect.</source>
        <translation>Sağlayıcı okuma anahtarı yapılandırılmadığı için işlem sorgulanamıyor. PROVIDER_API_KEY ayarlayın veya Dosya › Bağlan menüsünü kullanın.</translation>
    </message>
    <message>
        <source>The operation database cannot be opened: %1</source>
        <translation>İşlem veritabanı açılamıyor: %1</translation>
    </message>
    <message>
        <source>The operation cannot be read: %1</source>
        <translation>İşlem okunamıyor: %1</translation>
    </message>
    <message>
        <source>The operation&apos;s order cannot be read: %1</source>
        <translation>İşlemin siparişi okunamıyor: %1</translation>
    </message>
    <message>
        <source>%1 · order %2 · %3</source>
        <translation>%1 · sipariş %2 · %3</translation>
    </message>
    <message>
        <source>no attempt was ever sent</source>
        <translation>hiç deneme gönderilmedi</translation>
    </message>
    <message>
        <source>key retention passed at %1</source>
        <translation>anahtarın saklama süresi doldu: %1</translation>
    </message>
    <message>
        <source>key live for %1 more (until %2)</source>
        <translation>anahtar %1 daha geçerli (bitiş: %2)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Status:&lt;/b&gt; %1%2 &amp;nbsp; &lt;b&gt;Attempts:&lt;/b&gt; %3 &amp;nbsp; &lt;b&gt;Payment:&lt;/b&gt; %4</source>
        <translation>&lt;b&gt;Durum:&lt;/b&gt; %1%2 &amp;nbsp; &lt;b&gt;Denemeler:&lt;/b&gt; %3 &amp;nbsp; &lt;b&gt;Ödeme:&lt;/b&gt; %4</translation>
    </message>
    <message>
        <source>&lt;b&gt;Created:&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Idempotency key:&lt;/b&gt; %2</source>
        <translation>&lt;b&gt;Oluşturulma:&lt;/b&gt; %1 &amp;nbsp; &lt;b&gt;Tekrar koruma anahtarı:&lt;/b&gt; %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Resolved:&lt;/b&gt; %1 by %2 at %3%4</source>
        <translation>&lt;b&gt;Sonuç:&lt;/b&gt; %1; sonuçlandıran: %2; zaman: %3%4</translation>
    </message>
    <message>
        <source>the refund tool</source>
        <translation>iade aracı</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>bilinmiyor</translation>
    </message>
    <message>
        <source> — evidence %1</source>
        <translation> — kanıt: %1</translation>
    </message>
    <message>
        <source>&lt;b style=&quot;color:%1&quot;&gt;Proposal: %2.&lt;/b&gt; %3</source>
        <translation>&lt;b style=&quot;color:%1&quot;&gt;Öneri: %2.&lt;/b&gt; %3</translation>
    </message>
    <message>
        <source>Select a refund found by the lookup.</source>
        <translation>Sorgunun bulduğu bir iadeyi seçin.</translation>
    </message>
    <message>
        <source>Waiting for the lookup.</source>
        <translation>Sorgu sonucu bekleniyor.</translation>
    </message>
    <message>
        <source>The operation could not be read.</source>
        <translation>İşlem okunamadı.</translation>
    </message>
    <message>
        <source>Nothing more to do here.</source>
        <translation>Burada yapılacak başka bir şey yok.</translation>
    </message>
    <message>
        <source>No refund was found, so there is no evidence of a refund.</source>
        <translation>İade bulunamadı, bu nedenle bir iadeye dair kanıt yok.</translation>
    </message>
    <message>
        <source>Not possible: %1</source>
        <translation>Mümkün değil: %1</translation>
    </message>
    <message>
        <source>Choose refunded or failed.</source>
        <translation>&quot;İade edildi&quot; veya &quot;Başarısız&quot; seçeneğini seçin.</translation>
    </message>
    <message>
        <source>Write a note: what you checked and why.</source>
        <translation>Bir not yazın: neyi kontrol ettiniz ve neden.</translation>
    </message>
    <message>
        <source>Resolved as %1. The audit log holds your note and the evidence. Next: send the customer the message (Customer message…).</source>
        <translation>Sonuçlandırıldı: %1. Notunuz ve kanıtlar denetim kaydında saklanıyor. Sonraki adım: müşteriye mesajı gönderin (Müşteri mesajı…).</translation>
    </message>
    <message>
        <source>Another reviewer was first: %1. Your resolution was not saved.</source>
        <translation>Başka bir inceleyen daha önce sonuçlandırdı: %1. Sonucunuz kaydedilmedi.</translation>
    </message>
    <message>
        <source>The resolution was not saved: %1</source>
        <translation>Sonuç kaydedilmedi: %1</translation>
    </message>
    <message>
        <source>Reading the operation…</source>
        <translation>İşlem okunuyor…</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>bağlı değil</translation>
    </message>
    <message>
        <source>the connection was replaced</source>
        <translation>bağlantı değiştirildi</translation>
    </message>
    <message>
        <source>It is not known whether the resolution was saved: %1. Open the operation again to see its state.</source>
        <translation>Çözümün kaydedilip kaydedilmediği bilinmiyor: %1. Durumunu görmek için işlemi yeniden açın.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
    </message>
</context>
<context>
    <name>ReviewListDialog</name>
    <message>
        <source>Close</source>
        <translation>Kapat</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Yenile</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>Okunuyor…</translation>
    </message>
</context>
<context>
    <name>SettingsTab</name>
    <message>
        <source>Attempts per tool call</source>
        <translation>Araç çağrısı başına deneme</translation>
    </message>
    <message>
        <source>Attempts per operation</source>
        <translation>İşlem başına deneme</translation>
    </message>
    <message>
        <source>Backoff base (ms)</source>
        <translation>Temel bekleme (ms)</translation>
    </message>
    <message>
        <source>Backoff cap (ms)</source>
        <translation>Azami bekleme (ms)</translation>
    </message>
    <message>
        <source>Request timeout (ms)</source>
        <translation>İstek zaman aşımı (ms)</translation>
    </message>
    <message>
        <source>Provider API version</source>
        <translation>Sağlayıcı API sürümü</translation>
    </message>
    <message>
        <source>Parallel provider lookups</source>
        <translation>Paralel sağlayıcı sorguları</translation>
    </message>
    <message>
        <source>Retry budgets, backoff and provider</source>
        <translation>Yeniden deneme limitleri, bekleme ve sağlayıcı</translation>
    </message>
    <message>
        <source>Stripe API v1 (keys kept 24 h)</source>
        <translation>Stripe API v1 (anahtarlar 24 sa saklanır)</translation>
    </message>
    <message>
        <source>Stripe API v2 (keys kept 30 days)</source>
        <translation>Stripe API v2 (anahtarlar 30 gün saklanır)</translation>
    </message>
    <message>
        <source>Only an admin can change settings.</source>
        <translation>Ayarları yalnızca bir yönetici değiştirebilir.</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Yenile</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Kaydet</translation>
    </message>
    <message>
        <source>Change history</source>
        <translation>Değişiklik geçmişi</translation>
    </message>
    <message>
        <source>Who</source>
        <translation>Kim</translation>
    </message>
    <message>
        <source>When (UTC)</source>
        <translation>Zaman (UTC)</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>Ayar</translation>
    </message>
    <message>
        <source>Old</source>
        <translation>Eski</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Yeni</translation>
    </message>
    <message>
        <source>Settings cannot be read: %1</source>
        <translation>Ayarlar okunamıyor: %1</translation>
    </message>
    <message>
        <source>keys kept 30 days</source>
        <translation>anahtarlar 30 gün saklanır</translation>
    </message>
    <message>
        <source>keys kept 24 h</source>
        <translation>anahtarlar 24 sa saklanır</translation>
    </message>
    <message>
        <source>Settings were not saved: %1</source>
        <translation>Ayarlar kaydedilmedi: %1</translation>
    </message>
    <message numerus="yes">
        <source>Saved %n setting(s). The refund tool uses them from its next call.</source>
        <translation>
            <numerusform>%n ayar kaydedildi. İade aracı bunları bir sonraki çağrısından itibaren kullanır.</numerusform>
        </translation>
    </message>
    <message>
        <source>The change history cannot be read: %1</source>
        <translation>Değişiklik geçmişi okunamıyor: %1</translation>
    </message>
    <message>
        <source>These values are shared by the refund tool and every console. The refund tool reads them at each call, so a saved change applies from its next call; other consoles show it when they refresh. Every change is audited with the old and new value.</source>
        <translation>Bu değerler iade aracı ve tüm konsollar tarafından ortak kullanılır. İade aracı bunları her çağrıda okur; bu nedenle kaydedilen bir değişiklik bir sonraki çağrıdan itibaren geçerli olur, diğer konsollar ise değişikliği yenilendiklerinde gösterir. Her değişiklik eski ve yeni değeriyle birlikte denetim kaydına yazılır.</translation>
    </message>
    <message>
        <source>Repeat window (hours)</source>
        <translation>Tekrar penceresi (saat)</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>Varsayılanlara dön</translation>
    </message>
    <message>
        <source>Fills in every default; nothing changes until you save.</source>
        <translation>Tüm varsayılan değerleri doldurur; kaydedene kadar hiçbir şey değişmez.</translation>
    </message>
    <message>
        <source>It is not known whether the settings were saved: %1. Reload to see what the database holds.</source>
        <translation>Ayarların kaydedilip kaydedilmediği bilinmiyor: %1. Veritabanında ne olduğunu görmek için yeniden yükleyin.</translation>
    </message>
    <message>
        <source>Reconciler settles refunds</source>
        <translation>Mutabakat iadeleri kendisi sonuçlandırır</translation>
    </message>
    <message>
        <source>on</source>
        <translation>açık</translation>
    </message>
    <message>
        <source>off</source>
        <translation>kapalı</translation>
    </message>
</context>
<context>
    <name>SettingsValidation</name>
    <message>
        <source>unknown setting; known settings are %1</source>
        <translation>bilinmeyen ayar; bilinen ayarlar: %1</translation>
    </message>
    <message>
        <source>must be a whole number, got &quot;%1&quot;</source>
        <translation>tam sayı olmalı, girilen: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be between %1 and %2, got %3</source>
        <translation>%1 ile %2 arasında olmalı, girilen: %3</translation>
    </message>
    <message>
        <source>must be true or false, got &quot;%1&quot;</source>
        <translation>true veya false olmalı, girilen: &quot;%1&quot;</translation>
    </message>
    <message>
        <source>must be %1, got &quot;%2&quot;</source>
        <translation>%1 olmalı, girilen: &quot;%2&quot;</translation>
    </message>
    <message>
        <source> or </source>
        <translation> veya </translation>
    </message>
    <message>
        <source>%1 is above max_attempts_per_operation (%2); a call could never use them all</source>
        <translation>%1, max_attempts_per_operation (%2) değerinden büyük: bir çağrı bunların hepsini asla kullanamaz</translation>
    </message>
    <message>
        <source>%1 is below backoff_base_ms (%2)</source>
        <translation>%1, backoff_base_ms (%2) değerinden küçük</translation>
    </message>
    <message>
        <source>provider attempts one tool call may make (1-20, at most max_attempts_per_operation)</source>
        <translation>bir araç çağrısının sağlayıcıya yapabileceği deneme sayısı (1-20, en çok max_attempts_per_operation)</translation>
    </message>
    <message>
        <source>provider attempts over an operation&apos;s life before it becomes unknown (1-100)</source>
        <translation>işlem bilinmeyen duruma geçmeden önce ömrü boyunca sağlayıcıya yapılabilecek deneme sayısı (1-100)</translation>
    </message>
    <message>
        <source>first backoff ceiling in ms; doubles per attempt, full jitter (1-60000)</source>
        <translation>ilk bekleme süresinin üst sınırı, ms; her denemede iki katına çıkar, bekleme bu sınıra kadar rastgele seçilir (1-60000)</translation>
    </message>
    <message>
        <source>largest backoff ceiling in ms (backoff_base_ms-300000)</source>
        <translation>bekleme süresinin en büyük üst sınırı, ms (backoff_base_ms-300000)</translation>
    </message>
    <message>
        <source>provider request timeout in ms; expiry means the outcome is unknown (100-300000)</source>
        <translation>sağlayıcı isteğinin zaman aşımı, ms; süre dolarsa sonuç bilinmez (100-300000)</translation>
    </message>
    <message>
        <source>provider API version, fixes the key retention: stripe_v1 (24 h) or stripe_v2 (30 days)</source>
        <translation>sağlayıcı API sürümü, anahtarın saklama süresini belirler: stripe_v1 (24 sa) veya stripe_v2 (30 gün)</translation>
    </message>
    <message>
        <source>parallel provider lookups in the console (1-16)</source>
        <translation>konsolun aynı anda yaptığı sağlayıcı sorgusu sayısı (1-16)</translation>
    </message>
    <message>
        <source>hours a refunded operation answers repeated calls without a request ref, sending nothing (1-8760)</source>
        <translation>iadesi onaylanmış bir işlemin request ref içermeyen tekrar çağrılarını hiçbir şey göndermeden yanıtladığı saat sayısı (1-8760)</translation>
    </message>
    <message>
        <source>the reconciler resolves an unknown operation refunded by itself when the provider&apos;s refund matches it; it never resolves failed (true or false)</source>
        <translation>sağlayıcıdaki iade eşleşiyorsa mutabakat bilinmeyen işlemi kendisi iade edildi olarak kapatır; başarısız olarak asla kapatmaz (true veya false)</translation>
    </message>
</context>
<context>
    <name>StateCountsModel</name>
    <message>
        <source>All</source>
        <translation>Tümü</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Açık</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Bilinmiyor</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>İade edildi</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Başarısız</translation>
    </message>
    <message>
        <source>Key expires within 1 h</source>
        <translation>Anahtar bitişi &lt; 1 sa</translation>
    </message>
    <message>
        <source>%1: %2 operations</source>
        <translation>%1: %2 işlem</translation>
    </message>
    <message>
        <source>Reversed</source>
        <translation>Geri döndü</translation>
    </message>
</context>
<context>
    <name>SweepProposalModel</name>
    <message>
        <source>Resolved as %1</source>
        <translation>Sonuçlandırıldı: %1</translation>
    </message>
    <message>
        <source>Not resolved: %1</source>
        <translation>Sonuçlandırılmadı: %1</translation>
    </message>
    <message>
        <source>Not looked up</source>
        <translation>Sorgulanmadı</translation>
    </message>
    <message>
        <source>waiting…</source>
        <translation>bekleniyor…</translation>
    </message>
    <message>
        <source>Tick to resolve this operation as proposed.</source>
        <translation>Bu işlemi önerildiği gibi sonuçlandırmak için işaretleyin.</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>İşlem</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Sipariş</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Öneri</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Neden</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Sonuç</translation>
    </message>
</context>
<context>
    <name>UnmatchedEventsDialog</name>
    <message>
        <source>Unmatched provider events</source>
        <translation>Eşleşmeyen sağlayıcı olayları</translation>
    </message>
    <message>
        <source>Events about refunds that no operation of this database knows: the refund&apos;s metadata names no operation here. They are recorded and never acted on. Often a refund made in the provider&apos;s dashboard or by another system on the same account; check it there.</source>
        <translation>Bu veritabanındaki hiçbir işlemin bilmediği iadelerle ilgili olaylar: iadenin meta verisi burada hiçbir işlemi göstermiyor. Kaydedilirler, üzerlerinde hiçbir işlem yapılmaz. Çoğu zaman sağlayıcının panelinden ya da aynı hesaptaki başka bir sistemden yapılmış bir iadedir; orada kontrol edin.</translation>
    </message>
    <message>
        <source>The events could not be read: %1</source>
        <translation>Olaylar okunamadı: %1</translation>
    </message>
    <message>
        <source>None: every provider event this database stored matched an operation.</source>
        <translation>Yok: bu veritabanının sakladığı her sağlayıcı olayı bir işlemle eşleşti.</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) no operation knows, newest first.</source>
        <translation>
            <numerusform>%n olayı hiçbir işlem bilmiyor, en yenisi önce.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UnmatchedEventsModel</name>
    <message>
        <source>%1 (refund %2)</source>
        <translation>%1 (iade: %2)</translation>
    </message>
    <message>
        <source>order %1</source>
        <translation>sipariş %1</translation>
    </message>
    <message>
        <source>operation %1</source>
        <translation>işlem %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>yok</translation>
    </message>
    <message>
        <source>polled</source>
        <translation>sorgu</translation>
    </message>
    <message>
        <source>webhook</source>
        <translation>webhook</translation>
    </message>
    <message>
        <source>Received (UTC)</source>
        <translation>Alındı (UTC)</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Olay</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Tür</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>İade</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Tutar</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>Ödeme</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>Meta veri</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Kaynak</translation>
    </message>
</context>
</TS>
