// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Custom errors of KRWVoucher, with the amounts and parties as arguments.
interface IKRWVoucherErrors {
    error ZeroAddress();
    error NotMinter(address account);
    error NotBurner(address account);
    error NotBlocker(address account);
    error NotPauser(address account);
    error NotRelayer(address account);
    error AccountBlocked(address account);
    error InsufficientBalance(address sender, uint256 balance, uint256 needed);
    error AuthorizationNotYetValid(uint256 validAfter, uint256 nowTime);
    error AuthorizationExpired(uint256 validBefore, uint256 nowTime);
    error AuthorizationUsedOrCanceled(address authorizer, uint256 nonce);
    error InvalidSignature(address expected, address recovered);
    error ZeroAmount();
    error EmptyBatch();
    /// Minting would take the supply past 2^255 - 1 (the top bit of an account word is the blocked flag).
    error SupplyOverflow(uint256 totalSupply, uint256 amount);
    /// The same names and selectors as OpenZeppelin's Pausable.
    error EnforcedPause();
    error ExpectedPause();
}
