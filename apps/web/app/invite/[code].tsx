/** /invite/<code>: redeem a beta invitation (sign in or register first, then come back). */
export { InviteScreen as default } from '../../src/features/tester/invite-screen';
