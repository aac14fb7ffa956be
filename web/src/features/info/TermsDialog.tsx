import { Dialog } from '../../ui/Dialog';
import { TermsOfUse } from './TermsOfUse';

export function TermsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="이용약관">
      <TermsOfUse />
    </Dialog>
  );
}
