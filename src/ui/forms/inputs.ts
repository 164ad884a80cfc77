/**
 * antd's Input and Password without the Input namespace object, which drags TextArea, Search
 * and OTP into the login page. Same components, same styles.
 */
export { default as TextInput } from 'antd/es/input/Input';
export { default as PasswordInput } from 'antd/es/input/Password';
