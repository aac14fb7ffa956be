// The router imports the search results from here eagerly: with home, they are the app's first
// screens. The detail and history pages load on first visit (the first download stays small).
export { SearchResultsPage } from './SearchResultsPage';
