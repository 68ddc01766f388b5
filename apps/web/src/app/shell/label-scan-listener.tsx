import { labelCode } from '@3ds/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { showAlert } from '../../lib/alert-store.ts';
import { resolveCode } from '../../components/line-item-entry/api/resolve-code.ts';
import { LINE_ITEM_KINDS } from '../../components/line-item-entry/line-item-kinds.ts';
import { labelLineItemId } from '../../components/line-item-entry/scan-code.ts';
import { ApiError } from '../../lib/api-error.ts';
import { takesText } from '../../lib/quick-find-shortcut.ts';
import { routePath } from '../../config/paths.ts';

/** A scanner types a label's code in one burst; a longer pause starts a new one. */
const BURST_GAP_MS = 300;


/**
 * Scanning a printed 3DS label anywhere in the app opens its line item: when no text field has the
 * focus, a keyboard-wedge scanner's burst that reads `3DS-LI-{id}` followed by Enter is looked up
 * (`GET /ndc/resolve`, which knows the item's kind) and its screen opens. Other keys are left alone.
 */
export function LabelScanListener() {
  const navigate = useNavigate();

  useEffect(() => {
    let buffer = '';
    let lastKeyAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || takesText(event.target)) {
        buffer = '';
        return;
      }
      const now = event.timeStamp;
      if (now - lastKeyAt > BURST_GAP_MS) buffer = '';
      lastKeyAt = now;
      if (event.key === 'Enter') {
        const id = labelLineItemId(buffer);
        buffer = '';
        if (!id) return;
        event.preventDefault();
        void open(id);
        return;
      }
      if (event.key.length === 1) buffer = (buffer + event.key).slice(-32);
    };
    const open = async (id: string) => {
      try {
        const resolved = await resolveCode(labelCode(id));
        if (resolved.kind !== 'label') return;
        const kind = resolved.yellowBucket ? LINE_ITEM_KINDS['yellow-bucket'] : LINE_ITEM_KINDS.standard;
        await navigate(routePath(kind.viewRoute, { id: resolved.lineItemId }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return; // signed out already, and told why
        showAlert({ type: 'WARNING', message: error instanceof Error ? error.message : `The label of line item ${id} could not be opened.` });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  return null;
}
