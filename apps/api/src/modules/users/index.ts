/** The users module's public surface: the user queries and commands other modules call. */
export {
  findStaffShopId,
  findUserForAdmin,
  listUsersForAdmin,
  makeShopOwner,
  setUserDisabled,
  shopOwners,
  shopTeams,
  userRefs,
} from './staff.service';
export { usersFileReferences } from './stored-files';
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
