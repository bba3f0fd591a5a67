/** The users module's public surface: its routes and the user queries and commands other modules call. */

export { usersAdminRoutes } from './admin.routes';
export {
  findStaffShopId,
  findUserForAdmin,
  listUsersForAdmin,
  makeShopOwner,
  setUserDisabled,
  shopOwners,
  userRefs,
} from './staff.service';
export { usersRoutes } from './users.routes';
export {
  createUser,
  EMAIL_UNIQUE_INDEX,
  findUserByEmail,
  findUserById,
  lockUser,
  sessionUsers,
  setPasswordHash,
  toUserDto,
  type UserRow,
} from './users.service';
