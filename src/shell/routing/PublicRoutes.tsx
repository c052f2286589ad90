import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginScreen } from '../account/LoginScreen';
import { RequestPasswordScreen } from '../account/RequestPasswordScreen';
import { ResetPasswordScreen } from '../account/ResetPasswordScreen';

/** Signed out, only login, request-password and reset-password exist; anything else goes to login (spec part 1 §2). */
export function PublicRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginScreen />} />
      <Route path="/request-password" element={<RequestPasswordScreen />} />
      <Route path="/reset-password" element={<ResetPasswordScreen />} />
      <Route path="*" element={<Navigate to="/login" replace />} />
    </Routes>
  );
}
