import { placeholderPage } from '../../ui/placeholder';
import './account.css';

export { LoginPage } from './LoginPage';
export { JoinPage } from './JoinPage';
export {
  ChangePwByMailPage,
  CertifyEmailPage,
  CertifyPage,
  ConfirmEmailPage,
  FindPage,
  RecertifyPage,
} from './MailPages';
export { ChangePwPage } from './ChangePwPage';
export { UserInfoPage } from './UserInfoPage';
export { WithdrawPage } from './WithdrawPage';

// Spec §2.1 lists /changeCode without showing its content: it stays a placeholder.
export const ChangeCodePage = placeholderPage('changeCode', '접속 코드를 바꾸는 화면입니다.');
