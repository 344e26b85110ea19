/** The nested routes of a user's ratings (000 section 2). */
export const userRatingsPaths = (userId: number) => ({
  list: `/users/${userId}/ratings`,
  add: `/users/${userId}/ratings/add`,
  edit: (ratingId: number | string) => `/users/${userId}/ratings/edit/${ratingId}`,
});
