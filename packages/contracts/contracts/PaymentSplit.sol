// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @title Pull-payment split of the Ether a contract receives
/// @notice Up to 10 payees with shares fixed at deployment. Nothing is pushed: `release(payee)` sends one
/// payee what it is owed, so a payee that refuses Ether holds up its own share and no one else's.
/// The accounting is OpenZeppelin 4's PaymentSplitter (removed in OpenZeppelin 5): a payee is owed its part
/// of everything ever received (the balance plus everything already released), less what it was paid.
abstract contract PaymentSplit {
    /// @notice The most payees a split may have: `payees()` and a release stay cheap whatever the list.
    uint256 public constant MAX_PAYEES = 10;
    /// @dev Bounds each share so `received * share` can never overflow (all the Ether there is, < 2**88 wei,
    /// times a share below 2**32 stays far below 2**256), which would lock every release. Basis points fit.
    uint256 private constant _MAX_SHARES = type(uint32).max;

    uint256 private _totalShares;
    uint256 private _totalReleased;
    address[] private _payees;
    mapping(address => uint256) private _shares;
    mapping(address => uint256) private _released;

    /// @notice `amount` wei was sent to payee `to`.
    event PaymentReleased(address indexed to, uint256 amount);

    error TooManyPayees(uint256 count, uint256 max);
    error ArrayLengthMismatch();
    /// @notice The zero address, or an address listed twice.
    error InvalidPayee(address payee);
    /// @notice A share of 0, or above 2**32 - 1.
    error InvalidShares(address payee, uint256 shares);
    error NotPayee(address account);
    error NothingToWithdraw();
    /// @notice The payee refused the Ether (a contract that reverts, or runs out of gas, on receiving it).
    error ReleaseFailed(address payee);

    /// @dev Sets the payees once, at deployment. An empty list leaves the split unused.
    function _setPayees(address[] memory payees_, uint256[] memory shares_) internal {
        if (payees_.length != shares_.length) revert ArrayLengthMismatch();
        if (payees_.length > MAX_PAYEES) revert TooManyPayees(payees_.length, MAX_PAYEES);
        uint256 total;
        for (uint256 i; i < payees_.length; ++i) {
            address payee = payees_[i];
            uint256 share = shares_[i];
            if (payee == address(0) || _shares[payee] != 0) revert InvalidPayee(payee);
            if (share == 0 || share > _MAX_SHARES) revert InvalidShares(payee, share);
            _shares[payee] = share;
            _payees.push(payee);
            total += share;
        }
        _totalShares = total;
    }

    /// @dev Whether payees were set at deployment.
    function _isSplit() internal view returns (bool) {
        return _totalShares != 0;
    }

    /// @dev What `account` may be sent now under the split (0 for an address that is not a payee).
    function _splitReleasable(address account) internal view returns (uint256) {
        uint256 share = _shares[account];
        if (share == 0) return 0;
        return (address(this).balance + _totalReleased) * share / _totalShares - _released[account];
    }

    /// @dev Sends `payee` what it is owed. State is written before the call, so a payee that calls back in
    /// finds nothing more owed to it.
    function _splitRelease(address payee) internal {
        if (_shares[payee] == 0) revert NotPayee(payee);
        uint256 amount = _splitReleasable(payee);
        if (amount == 0) revert NothingToWithdraw();
        _released[payee] += amount;
        _totalReleased += amount;
        (bool ok,) = payee.call{value: amount}("");
        if (!ok) revert ReleaseFailed(payee);
        emit PaymentReleased(payee, amount);
    }

    /// @dev The payees and their shares as set at deployment.
    function _splitPayees() internal view returns (address[] memory payees_, uint256[] memory shares_) {
        payees_ = _payees;
        shares_ = new uint256[](payees_.length);
        for (uint256 i; i < payees_.length; ++i) shares_[i] = _shares[payees_[i]];
    }

    /// @dev The shares of `account` (0 for an address that is not a payee) and the total.
    function _sharesOf(address account) internal view returns (uint256 share, uint256 total) {
        return (_shares[account], _totalShares);
    }

    /// @dev Counts a payment made outside the split (the collection's single-payee withdraw) in `released`.
    function _recordRelease(address payee, uint256 amount) internal {
        _released[payee] += amount;
        _totalReleased += amount;
    }

    /// @notice Wei already sent to `account`.
    function released(address account) external view returns (uint256) {
        return _released[account];
    }

    /// @notice Wei sent to all payees so far.
    function totalReleased() external view returns (uint256) {
        return _totalReleased;
    }
}
