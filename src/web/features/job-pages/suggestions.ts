// The type-ahead's endpoints, apart from the search form: the landing page's search bar needs them
// without loading the results page's form and its fields (decision 0321).
export const TITLE_SUGGESTIONS_URL = '/api/typeahead/titles';
export const LOCATION_SUGGESTIONS_URL = '/api/typeahead/locations';
