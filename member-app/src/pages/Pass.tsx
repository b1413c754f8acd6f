import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberApiError } from '../api/call.ts';
import { errorWords } from '../api/errors.ts';
import type { Member } from '../api/member-api.ts';
import { passApi } from '../api/pass-api.ts';
import { codeAt, type ShownCode } from '../pass/pass-code.ts';
import { forgetPass, keepPass, storedPass, type StoredPass } from '../pass/pass-store.ts';
import { useScreenAwake } from '../pass/screen-awake.ts';

/** The pass kept on this phone, if it is the member's (any, when the app opened offline and knows no member). */
function keptFor(member: Member | null): StoredPass | null {
  const kept = storedPass();
  return kept && (member === null || kept.contact_id === member.contact_id) ? kept : null;
}

/**
 * The phone pass (docs/phone-pass.md): a QR code the door's scanner reads, a new one every 30
 * seconds, made here from the member's key; the key is fetched when online and kept, so the
 * screen works with no signal. `member` is null when the app opened offline.
 */
export function Pass({ member }: { member: Member | null }) {
  const { t } = useTranslation('pass');
  const { t: common } = useTranslation('common');
  const [pass, setPass] = useState<StoredPass | null>(() => keptFor(member));
  const [offline, setOffline] = useState(member === null);
  const [problem, setProblem] = useState<string | null>(null);
  const [code, setCode] = useState<ShownCode | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useScreenAwake();

  useEffect(() => {
    if (member === null) return;
    let live = true;
    passApi.open().then(
      (fetched) => live && setPass(keepPass(fetched, Date.now())),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof MemberApiError && error.code === 'unreachable') return setOffline(true);
        if (error instanceof MemberApiError && error.status === 401) forgetPass();
        setProblem(errorWords(common, error));
      },
    );
    return () => void (live = false);
  }, [member, common]);

  // A new code at each step's start, on the phone's clock as the server saw it.
  useEffect(() => {
    if (!pass) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = async () => {
      const next = await codeAt(pass, Date.now());
      if (!live) return;
      setCode(next);
      timer = setTimeout(() => void show(), Math.max(100, next.nextAt - Date.now()));
    };
    void show();
    const ticker = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      live = false;
      clearTimeout(timer);
      clearInterval(ticker);
    };
  }, [pass]);

  const seconds = code ? Math.max(1, Math.ceil((code.nextAt - now) / 1000)) : null;
  const fullScreen = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);

  return (
    <section className="card pass">
      <h1>{member ? t('title_named', { name: member.first_name }) : t('title')}</h1>
      {problem ? (
        <p role="alert" className="problem">
          {problem}
        </p>
      ) : null}
      {!pass && !problem ? <p role="status">{offline ? t('not_kept') : common('loading')}</p> : null}
      {code ? (
        <>
          <div className="qr" role="img" aria-label={t('qr_label')} dangerouslySetInnerHTML={{ __html: code.svg }} />
          <p className="countdown">{t('next_code', { seconds })}</p>
          <p className="quiet">{t('brightness')}</p>
          <p className="quiet">{offline ? t('offline') : t('works_offline')}</p>
          {document.fullscreenEnabled ? (
            <button type="button" className="secondary" onClick={fullScreen}>
              {t('full_screen')}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
