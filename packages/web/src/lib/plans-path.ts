/** Where a signed-in user compares and buys plans. */
export const PLANS_PATH = '/dashboard/payment-plans';
