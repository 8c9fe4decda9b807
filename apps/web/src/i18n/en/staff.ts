/** English: staff screens. */
export const staff = {};
