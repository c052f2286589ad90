import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearTokens } from '../../api/tokenStore';
import { t } from '../../messages/t';
import { useNotify } from '../notifications/useNotify';

/** Logout: state resets, the session is cleared, a message shows, and the user goes to /login (spec part 1 §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  return useCallback(() => {
    clearTokens();
    queryClient.clear();
    notify('success', t('logout.success'));
    navigate('/login', { replace: true });
  }, [queryClient, navigate, notify]);
}
