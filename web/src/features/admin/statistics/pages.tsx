import { StatisticPage } from './StatisticPage';

export const MgrStatisticPage = StatisticPage;
