// The router imports the dictionary pages from here (eagerly: they are the app's first screens).
export { SearchResultsPage } from './SearchResultsPage';
export { DetailPage } from './DetailPage';
export { HistoryPage } from './HistoryPage';
