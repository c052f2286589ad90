import { useEffect, useState } from 'react';
import { api, unwrap } from '../../api/client';

const checkSecretKey = (key: string) =>
  unwrap(api.POST('/UIServices/Users/CheckSecretKey', { body: { Key: key } }));

export type SecretKeyCheck =
  | { state: 'pending' }
  | { state: 'answered'; data: Awaited<ReturnType<typeof checkSecretKey>> }
  | { state: 'failed' };

/**
 * Checks a reset key once on entry (CheckSecretKey). A plain effect rather than a query: the signed-out
 * screens load without the query cache (issue 20 point 1), and the answer is wanted once, never shared.
 */
export function useSecretKeyCheck(key: string): SecretKeyCheck {
  const [check, setCheck] = useState<SecretKeyCheck>({ state: 'pending' });
  useEffect(() => {
    setCheck({ state: 'pending' });
    if (key === '') return;
    let current = true;
    checkSecretKey(key).then(
      (data) => current && setCheck({ state: 'answered', data }),
      () => current && setCheck({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return check;
}
