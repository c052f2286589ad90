import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { LoadingOverlay } from './loader/LoadingOverlay';
import { NotificationBar } from './notifications/NotificationBar';

/**
 * The layers above the screens (spec part 1 §2 'Shell layers'): the confirmation popup, the notification
 * bar and the loading overlay. Signed in they render inside the router, since a confirmation may carry
 * links (a refused publish lists what uses the item).
 */
export function ShellLayers() {
  return (
    <>
      <ConfirmDialog />
      <NotificationBar />
      <LoadingOverlay />
    </>
  );
}
