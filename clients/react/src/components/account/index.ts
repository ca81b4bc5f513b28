/** The account settings and the components for signed-in users. */
export { AccountSettings, accountSections, type AccountSettingsProps, type AccountSectionId } from "./AccountSettings.js";
export { UserButton, type UserButtonProps } from "./UserButton.js";
export { SelectedTeamSwitcher, type SelectedTeamSwitcherProps } from "./SelectedTeamSwitcher.js";
export { TeamInvitation, type TeamInvitationProps } from "./TeamInvitation.js";
export { CliAuthConfirmation, type CliAuthConfirmationProps } from "./CliAuthConfirmation.js";
export { accountMessages } from "./messages.js";
