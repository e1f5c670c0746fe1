// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

/// @notice A payee for the tests: a contract that refuses Ether until told to accept it, like a wallet
/// contract with a broken or reverting `receive`.
contract TestPayee {
    bool public accepting;

    function setAccepting(bool value) external {
        accepting = value;
    }

    receive() external payable {
        require(accepting, "TestPayee: refusing Ether");
    }
}
