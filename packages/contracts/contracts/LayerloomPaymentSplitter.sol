// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Math} from "@openzeppelin/contracts/utils/math/Math.sol";
import {PaymentSplit} from "./PaymentSplit.sol";

/// @title Layerloom payment splitter
/// @notice Receives Ether and ERC-20 tokens (ERC-2981 royalties a marketplace pays to it, often in WETH) and
/// owes them to up to 10 payees by shares fixed at deployment. Anyone may call `release(payee)` or
/// `release(token, payee)`; the funds only ever go to that payee, and one payee that refuses them blocks no
/// one else. No owner, nothing to configure after deployment.
contract LayerloomPaymentSplitter is PaymentSplit {
    using SafeERC20 for IERC20;

    mapping(IERC20 token => uint256) private _erc20TotalReleased;
    mapping(IERC20 token => mapping(address payee => uint256)) private _erc20Released;

    /// @notice `amount` wei arrived from `from`.
    event PaymentReceived(address from, uint256 amount);
    /// @notice `amount` of `token` was sent to payee `to`.
    event ERC20PaymentReleased(IERC20 indexed token, address to, uint256 amount);

    error NoPayees();

    constructor(address[] memory payees_, uint256[] memory shares_) {
        if (payees_.length == 0) revert NoPayees();
        _setPayees(payees_, shares_);
    }

    /// @dev Marketplaces pay royalties with a plain transfer, sometimes with only the 2,300 gas stipend:
    /// this event (LOG1 of two words) fits in it.
    receive() external payable {
        emit PaymentReceived(msg.sender, msg.value);
    }

    /// @notice Sends `payee` everything it is owed now. Callable by anyone.
    function release(address payee) external {
        _splitRelease(payee);
    }

    /// @notice What `account` would be sent by `release(account)` now (0 for an address that is not a payee).
    function releasable(address account) external view returns (uint256) {
        return _splitReleasable(account);
    }

    /// @notice Sends `payee` all the `token` it is owed now. Callable by anyone. A token that refuses the
    /// transfer (e.g. a payee it blocks) fails this payee's release only.
    function release(IERC20 token, address payee) external {
        (uint256 share,) = _sharesOf(payee);
        if (share == 0) revert NotPayee(payee);
        uint256 amount = releasable(token, payee);
        if (amount == 0) revert NothingToWithdraw();
        _erc20Released[token][payee] += amount;
        _erc20TotalReleased[token] += amount;
        token.safeTransfer(payee, amount);
        emit ERC20PaymentReleased(token, payee, amount);
    }

    /// @notice What `release(token, account)` would send `account` now (0 for an address that is not a payee).
    /// Computed at full precision (`mulDiv`), so a token with a huge supply cannot overflow it.
    function releasable(IERC20 token, address account) public view returns (uint256) {
        (uint256 share, uint256 total) = _sharesOf(account);
        if (share == 0) return 0;
        uint256 received = token.balanceOf(address(this)) + _erc20TotalReleased[token];
        return Math.mulDiv(received, share, total) - _erc20Released[token][account];
    }

    /// @notice `token` already sent to `account`.
    function released(IERC20 token, address account) external view returns (uint256) {
        return _erc20Released[token][account];
    }

    /// @notice `token` sent to all payees so far.
    function totalReleased(IERC20 token) external view returns (uint256) {
        return _erc20TotalReleased[token];
    }

    /// @notice The payees and their shares, in the order given at deployment.
    function payees() external view returns (address[] memory payees_, uint256[] memory shares_) {
        return _splitPayees();
    }
}
