import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { t } from '../../messages/t';
import { useNotify } from '../notifications/useNotify';

type Authorization = { authorization: string } | { resetKey: string };

/**
 * Device enrolment for a user without two-factor: a QR code of the otpauth URI plus the manual code
 * (spec part 1 §2 /reset-password, §7 CreateSharedKey). A failed load shows a danger notice (§8).
 */
export function EnrolAuthenticator(props: Authorization) {
  const notify = useNotify();
  const [secret, setSecret] = useState<{ Secret: string; Uri: string } | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const resetKey = 'resetKey' in props ? props.resetKey : undefined;
  const authorization = 'authorization' in props ? props.authorization : undefined;

  useEffect(() => {
    let live = true;
    (async () => {
      try {
        const shared = await unwrap(
          resetKey
            ? api.GET('/UIServices/Users/CreateSharedKey', { params: { query: { Key: resetKey } } })
            : api.GET('/UIServices/Users/CreateSharedKey', {
                headers: { authorization: authorization ?? '' },
              }),
        );
        if (!live) return;
        setSecret(shared);
        const { toDataURL } = await import('qrcode');
        const image = await toDataURL(shared.Uri, { margin: 1, width: 180 });
        if (live) setQr(image);
      } catch {
        if (live) notify('danger', t('login.qrError'));
      }
    })();
    return () => {
      live = false;
    };
  }, [resetKey, authorization, notify]);

  return (
    <div className="enrol">
      <p className="enrol__intro">{t('login.enrolIntro')}</p>
      <div className="enrol__qr">
        {qr ? (
          <img src={qr} alt={t('login.qrAlt')} width={180} height={180} />
        ) : (
          <span className="spinner" role="status" aria-label={t('shell.loading')} />
        )}
      </div>
      {secret && (
        <p className="enrol__code">
          {t('login.manualCode')} <code data-testid="manual-code">{secret.Secret}</code>
        </p>
      )}
    </div>
  );
}
