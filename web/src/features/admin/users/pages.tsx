export { UserListPage as MgrUserPage } from './UserListPage';
export { UserDetailPage as MgrUserDetailPage } from './UserDetailPage';
export { OrderDetailPage as MgrUserOrderDetailPage } from './OrderDetailPage';
