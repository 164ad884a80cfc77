/**
 * The in-app support chat's face: the launcher the main layout draws (its panel is a lazy chunk).
 * docs/live-chat.md, "The in-app support chat".
 */
export { SupportChatLauncher } from './Launcher';
