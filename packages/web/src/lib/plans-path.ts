/** Where the plans are compared: the landing page's pricing section (there is no plans page in the dashboard yet). */
export const PLANS_PATH = { pathname: '/', hash: '#pricing' } as const;
