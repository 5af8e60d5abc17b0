/**
 * Common passwords of 15+ characters seen in breach corpora (ASVS V2.1.7). Short ones are already
 * refused by the length rule. Compared in lower case.
 */
export const BLOCKED_PASSWORDS: ReadonlySet<string> = new Set([
  '123456789012345', '1234567890123456', '12345678901234567890', 'qwertyuiopasdfgh', 'qwertyuiopasdfghjkl',
  'qwertyuiopasdfghjklzxcvbnm', '1q2w3e4r5t6y7u8i', '1q2w3e4r5t6y7u8i9o0p', 'passwordpassword', 'password1234567',
  'password12345678', 'password123456789', 'iloveyouiloveyou', 'aaaaaaaaaaaaaaa', '111111111111111', '000000000000000',
  'abcdefghijklmnop', 'abcdefghijklmnopqrstuvwxyz', 'letmeinletmein1', 'welcome123456789', 'changemechangeme',
  'administrator123', 'administrator1234', 'correcthorsebatterystaple', 'trustno1trustno1', 'qazwsxedcrfvtgb',
  '1qaz2wsx3edc4rfv', 'zaq12wsxcde34rfv', 'monkeymonkeymonkey', 'superman12345678', 'football12345678',
  'baseball12345678', 'sunshine12345678', 'princess12345678', 'dragondragondragon', 'masterkey1234567',
  'ergoportal123456', 'ergoportalpassword', 'mypasswordismypassword', 'thisismypassword', 'passwordpassword1',
]);
