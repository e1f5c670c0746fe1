// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC721A} from "erc721a/contracts/ERC721A.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {PaymentSplit} from "./PaymentSplit.sol";

/// @title Layerloom collection
/// @notice An ERC-721A drop: a closed / allowlist / public sale, opened by the owner or on a schedule
/// (start times the contract follows by itself), owner airdrops, a one-way reveal,
/// a provenance hash fixed before the first mint, ERC-2981 royalties, an ERC-7572 contract URI, ERC-4906
/// metadata update events, a one-way metadata freeze, and sale proceeds paid to one address or split
/// among up to 10 payees (pull payments).
/// Token ids start at 1, matching the generator's `metadata/1.json`; a revealed token's URI is
/// `baseURI + id + ".json"`.
contract LayerloomCollection is ERC721A, ERC2981, Ownable, ReentrancyGuard, PaymentSplit {
    enum SalePhase {
        Closed,
        Allowlist,
        Public
    }

    /// @notice The sale settings, as `saleConfig()` returns them.
    struct SaleConfig {
        SalePhase phase;
        uint88 publicPrice;
        uint88 allowlistPrice;
        uint32 maxPerWallet;
        uint32 allowlistMaxPerWallet;
    }

    /// @notice Constructor arguments, as one struct so the ABI stays readable and the stack shallow.
    struct CollectionConfig {
        string name;
        string symbol;
        uint256 maxSupply;
        uint88 publicPrice;
        uint32 maxPerWallet;
        uint88 allowlistPrice;
        uint32 allowlistMaxPerWallet;
        bytes32 merkleRoot;
        string preRevealURI;
        string contractURI;
        address owner;
        address payoutAddress;
        address royaltyReceiver;
        uint96 royaltyBps;
        /// @dev Sale proceeds split among these payees by `shares` (same order); both empty: one payee,
        /// the payout address or the owner, paid by `withdraw`.
        address[] payees;
        uint256[] shares;
    }

    /// @dev The ERC-721A per-address `aux` (64 bits) holds the public-sale count in its low 32 bits
    /// and the allowlist count in its high 32 bits; both share the slot ERC-721A writes anyway.
    uint256 private constant _AUX_COUNT_MASK = 0xffffffff;
    uint64 private constant _AUX_ALLOWLIST_SHIFT = 32;

    /// @dev Everything the mint path reads is packed by hand into one word (`_packedSale`), so a mint
    /// pays for one cold SLOAD of configuration and unpacks it on the stack:
    /// bits 0-7 phase, 8-95 public price, 96-183 allowlist price, 184-215 public per-wallet limit,
    /// 216-247 allowlist per-wallet limit, 248 "scheduled": the phase follows `_schedule` and the block time
    /// instead of bits 0-7, which costs a mint one more SLOAD only while a schedule is set.
    uint256 private constant _PUBLIC_PRICE_SHIFT = 8;
    uint256 private constant _ALLOWLIST_PRICE_SHIFT = 96;
    uint256 private constant _MAX_PER_WALLET_SHIFT = 184;
    uint256 private constant _ALLOWLIST_MAX_PER_WALLET_SHIFT = 216;
    uint256 private constant _SCHEDULED_BIT = 1 << 248;
    uint256 private constant _PHASE_MASK = 0xff;
    uint256 private constant _PRICE_MASK = (1 << 88) - 1;
    uint256 private constant _LIMIT_MASK = 0xffffffff;
    bytes4 private constant _ERC4906_INTERFACE_ID = 0x49064906;

    uint256 private immutable _maxSupply;

    uint256 private _packedSale;
    /// @dev While scheduled: bits 0-39 the allowlist sale's start, 40-79 the public sale's (Unix seconds, 0 = none).
    uint256 private _schedule;
    bytes32 private _merkleRoot;
    bool private _revealed;
    /// @dev Packed with `_revealed`: the URI setters read both in one slot.
    bool private _metadataFrozen;
    bytes32 private _provenanceHash;
    address private _payoutAddress;
    string private _baseTokenURI;
    string private _preRevealURI;
    string private _contractURI;

    event SalePhaseChanged(SalePhase phase);
    /// @notice The sale follows start times (both 0: the schedule was cleared and the sale is closed).
    event SaleScheduleChanged(uint256 allowlistStart, uint256 publicStart);
    event MintPriceChanged(uint256 price);
    event MaxPerWalletChanged(uint256 maxPerWallet);
    event AllowlistChanged(bytes32 merkleRoot, uint256 price, uint256 maxPerWallet);
    event BaseURIChanged(string baseURI);
    event PreRevealURIChanged(string preRevealURI);
    event Revealed(string baseURI);
    event ProvenanceHashSet(bytes32 provenanceHash);
    event DefaultRoyaltyChanged(address receiver, uint96 feeBps);
    event PayoutAddressChanged(address payoutAddress);
    event Withdrawn(address indexed to, uint256 amount);
    /// @notice ERC-7572: the collection-level metadata changed.
    event ContractURIUpdated();
    /// @notice ERC-4906: metadata of a range of tokens changed (emitted on reveal, base URI changes and
    /// `emitBatchMetadataUpdate`).
    event BatchMetadataUpdate(uint256 fromTokenId, uint256 toTokenId);
    /// @notice The base URI and contract URI can never change again (the event thirdweb's contracts emit).
    event MetadataFrozen();
    /// @notice OpenSea's signal that token `_id`'s metadata is permanent, emitted by `emitPermanentURI`.
    event PermanentURI(string _value, uint256 indexed _id);

    error InvalidMaxSupply();
    error InvalidSaleSchedule(uint256 allowlistStart, uint256 publicStart);
    error SalePhaseNotActive(SalePhase required, SalePhase current);
    error IncorrectPayment(uint256 expected, uint256 received);
    error WalletLimitExceeded(uint256 limit, uint256 alreadyMinted);
    error ExceedsMaxSupply(uint256 requested, uint256 remaining);
    error InvalidMerkleProof();
    error AlreadyRevealed();
    error EmptyBaseURI();
    error ProvenanceLocked();
    error WithdrawFailed();
    error NotOwnerOrPayout(address caller);
    /// @notice The metadata is frozen: the base URI, pre-reveal URI and contract URI cannot change.
    error MetadataIsFrozen();
    /// @notice Freezing before the reveal would show the pre-reveal URI forever.
    error NotRevealed();
    error MetadataNotFrozen();
    error InvalidTokenRange(uint256 fromTokenId, uint256 toTokenId);
    /// @notice Proceeds are split among payees: each is paid by `release`, not by `withdraw`.
    error PaymentsAreSplit();

    constructor(CollectionConfig memory config) ERC721A(config.name, config.symbol) Ownable(config.owner) {
        if (config.maxSupply == 0) revert InvalidMaxSupply();
        _maxSupply = config.maxSupply;
        _packedSale = _packSale(
            SaleConfig({
                phase: SalePhase.Closed,
                publicPrice: config.publicPrice,
                allowlistPrice: config.allowlistPrice,
                maxPerWallet: config.maxPerWallet,
                allowlistMaxPerWallet: config.allowlistMaxPerWallet
            })
        );
        _merkleRoot = config.merkleRoot;
        _preRevealURI = config.preRevealURI;
        _contractURI = config.contractURI;
        if (config.payees.length != 0 && config.payoutAddress != address(0)) revert PaymentsAreSplit();
        _payoutAddress = config.payoutAddress;
        _setPayees(config.payees, config.shares);
        _setDefaultRoyalty(config.royaltyReceiver, config.royaltyBps);
    }

    // ---------------------------------------------------------------- minting

    /// @notice Public sale: mint `quantity` tokens to the caller, paying exactly `price * quantity`.
    function mint(uint256 quantity) external payable {
        uint256 sale = _packedSale;
        if (_phaseOf(sale) != uint256(SalePhase.Public)) _revertPhase(SalePhase.Public, sale);
        uint64 aux = _getAux(msg.sender);
        _checkSale(
            quantity,
            aux & _AUX_COUNT_MASK,
            (sale >> _MAX_PER_WALLET_SHIFT) & _LIMIT_MASK,
            (sale >> _PUBLIC_PRICE_SHIFT) & _PRICE_MASK
        );
        // Cannot carry out of the low 32 bits: the new count is within the limit, a uint32.
        _setAux(msg.sender, aux + uint64(quantity));
        _mint(msg.sender, quantity);
    }

    /// @notice Allowlist sale: mint with a Merkle proof that the caller is on the list with `allowance`.
    /// Leaves are OpenZeppelin StandardMerkleTree leaves of `(address wallet, uint256 allowance)`:
    /// `keccak256(bytes.concat(keccak256(abi.encode(wallet, allowance))))`.
    /// `allowance` is how many tokens the wallet may mint in the allowlist sale in all, whatever the
    /// allowlist per-wallet limit; an allowance of 0 means "the allowlist per-wallet limit" (the list
    /// gave the wallet no quantity), so `setAllowlist` can change it for those wallets without a new root.
    /// The allowance is a `uint32` here (the counts live in 32 bits); as a `uint256` it encodes the same
    /// 32-byte word, so the leaf is the `(address, uint256)` leaf above.
    function allowlistMint(uint256 quantity, uint32 allowance, bytes32[] calldata proof) external payable {
        uint256 sale = _packedSale;
        if (_phaseOf(sale) != uint256(SalePhase.Allowlist)) _revertPhase(SalePhase.Allowlist, sale);
        bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(msg.sender, allowance))));
        if (!MerkleProof.verifyCalldata(proof, _merkleRoot, leaf)) revert InvalidMerkleProof();
        uint64 aux = _getAux(msg.sender);
        _checkSale(
            quantity,
            aux >> _AUX_ALLOWLIST_SHIFT,
            allowance == 0 ? (sale >> _ALLOWLIST_MAX_PER_WALLET_SHIFT) & _LIMIT_MASK : allowance,
            (sale >> _ALLOWLIST_PRICE_SHIFT) & _PRICE_MASK
        );
        _setAux(msg.sender, aux + (uint64(quantity) << _AUX_ALLOWLIST_SHIFT));
        _mint(msg.sender, quantity);
    }

    /// @notice Owner mint (airdrop): `quantities[i]` tokens to `recipients[i]`, free and in any phase.
    /// Airdropped tokens do not count against a wallet's sale limits.
    function airdrop(address[] calldata recipients, uint256[] calldata quantities) external onlyOwner {
        if (recipients.length != quantities.length) revert ArrayLengthMismatch();
        uint256 total;
        for (uint256 i; i < quantities.length; ++i) total += quantities[i];
        _checkSupply(total);
        for (uint256 i; i < recipients.length; ++i) _mint(recipients[i], quantities[i]);
    }

    function _revertPhase(SalePhase required, uint256 sale) private view {
        revert SalePhaseNotActive(required, SalePhase(_phaseOf(sale)));
    }

    /// @dev The phase now: the stored one, or while a schedule is set the latest phase whose start has passed.
    function _phaseOf(uint256 sale) private view returns (uint256) {
        if (sale & _SCHEDULED_BIT == 0) return sale & _PHASE_MASK;
        uint256 schedule = _schedule;
        uint256 publicStart = schedule >> 40;
        if (publicStart != 0 && block.timestamp >= publicStart) return uint256(SalePhase.Public);
        uint256 allowlistStart = schedule & 0xffffffffff;
        if (allowlistStart != 0 && block.timestamp >= allowlistStart) return uint256(SalePhase.Allowlist);
        return uint256(SalePhase.Closed);
    }

    /// @dev The checks shared by both sales: the wallet's limit for this sale, the supply left, and the
    /// payment. Kept in one function (one internal call) because each call costs gas on every mint.
    function _checkSale(uint256 quantity, uint256 minted, uint256 limit, uint256 price) private view {
        unchecked {
            // `minted` and `limit` are below 2**32, so once `quantity <= limit` nothing below overflows.
            if (quantity > limit || minted + quantity > limit) revert WalletLimitExceeded(limit, minted);
            _checkSupply(quantity);
            uint256 expected = price * quantity;
            if (msg.value != expected) revert IncorrectPayment(expected, msg.value);
        }
    }

    function _checkSupply(uint256 quantity) private view {
        // Every mint path checks this, so `_totalMinted() <= _maxSupply` always holds.
        unchecked {
            uint256 remaining = _maxSupply - _totalMinted();
            if (quantity > remaining) revert ExceedsMaxSupply(quantity, remaining);
        }
    }

    // ---------------------------------------------------------------- sale configuration

    /// @notice Opens or closes a phase now. This ends any schedule: the owner's choice holds until the next one.
    function setSalePhase(SalePhase phase) external onlyOwner {
        SaleConfig memory sale = _unpackSale(_packedSale);
        sale.phase = phase;
        _packedSale = _packSale(sale);
        if (_schedule != 0) _schedule = 0;
        emit SalePhaseChanged(phase);
    }

    /// @notice Lets the sale open by itself: the allowlist sale from `allowlistStart`, the public sale from
    /// `publicStart` (Unix seconds; 0 = that sale is not scheduled), closed before. Both 0 clears the schedule
    /// and closes the sale. When both are set the allowlist sale must start first.
    function setSaleSchedule(uint40 allowlistStart, uint40 publicStart) external onlyOwner {
        if (allowlistStart != 0 && publicStart != 0 && allowlistStart >= publicStart) {
            revert InvalidSaleSchedule(allowlistStart, publicStart);
        }
        SaleConfig memory sale = _unpackSale(_packedSale);
        sale.phase = SalePhase.Closed;
        uint256 packed = _packSale(sale);
        if (allowlistStart != 0 || publicStart != 0) packed |= _SCHEDULED_BIT;
        _packedSale = packed;
        _schedule = uint256(allowlistStart) | (uint256(publicStart) << 40);
        emit SaleScheduleChanged(allowlistStart, publicStart);
    }

    function setMintPrice(uint88 price) external onlyOwner {
        SaleConfig memory sale = _unpackSale(_packedSale);
        sale.publicPrice = price;
        _packedSale = _packSale(sale) | (_packedSale & _SCHEDULED_BIT);
        emit MintPriceChanged(price);
    }

    function setMaxPerWallet(uint32 limit) external onlyOwner {
        SaleConfig memory sale = _unpackSale(_packedSale);
        sale.maxPerWallet = limit;
        _packedSale = _packSale(sale) | (_packedSale & _SCHEDULED_BIT);
        emit MaxPerWalletChanged(limit);
    }

    function setAllowlist(bytes32 root, uint88 price, uint32 limit) external onlyOwner {
        _merkleRoot = root;
        SaleConfig memory sale = _unpackSale(_packedSale);
        sale.allowlistPrice = price;
        sale.allowlistMaxPerWallet = limit;
        _packedSale = _packSale(sale) | (_packedSale & _SCHEDULED_BIT);
        emit AllowlistChanged(root, price, limit);
    }

    function _packSale(SaleConfig memory sale) private pure returns (uint256) {
        return uint256(sale.phase) | (uint256(sale.publicPrice) << _PUBLIC_PRICE_SHIFT)
            | (uint256(sale.allowlistPrice) << _ALLOWLIST_PRICE_SHIFT)
            | (uint256(sale.maxPerWallet) << _MAX_PER_WALLET_SHIFT)
            | (uint256(sale.allowlistMaxPerWallet) << _ALLOWLIST_MAX_PER_WALLET_SHIFT);
    }

    function _unpackSale(uint256 packed) private pure returns (SaleConfig memory) {
        return SaleConfig({
            phase: SalePhase(packed & _PHASE_MASK),
            publicPrice: uint88((packed >> _PUBLIC_PRICE_SHIFT) & _PRICE_MASK),
            allowlistPrice: uint88((packed >> _ALLOWLIST_PRICE_SHIFT) & _PRICE_MASK),
            maxPerWallet: uint32((packed >> _MAX_PER_WALLET_SHIFT) & _LIMIT_MASK),
            allowlistMaxPerWallet: uint32((packed >> _ALLOWLIST_MAX_PER_WALLET_SHIFT) & _LIMIT_MASK)
        });
    }

    // ---------------------------------------------------------------- metadata

    /// @notice Sets the provenance hash once, before the first token is minted.
    function setProvenanceHash(bytes32 hash) external onlyOwner {
        if (_provenanceHash != bytes32(0) || _totalMinted() != 0) revert ProvenanceLocked();
        _provenanceHash = hash;
        emit ProvenanceHashSet(hash);
    }

    /// @notice One-way reveal: from now on tokens resolve under `baseURI`.
    function reveal(string calldata uri) external onlyOwner {
        if (_revealed) revert AlreadyRevealed();
        if (bytes(uri).length == 0) revert EmptyBaseURI();
        _revealed = true;
        _baseTokenURI = uri;
        emit Revealed(uri);
        emit BatchMetadataUpdate(_startTokenId(), type(uint256).max);
    }

    /// @notice Moves revealed metadata (e.g. to another gateway). Before the reveal it only stores the URI
    /// for later; `reveal` is still the one step that exposes it.
    function setBaseURI(string calldata uri) external onlyOwner {
        _checkNotFrozen();
        if (bytes(uri).length == 0) revert EmptyBaseURI();
        _baseTokenURI = uri;
        emit BaseURIChanged(uri);
        if (_revealed) emit BatchMetadataUpdate(_startTokenId(), type(uint256).max);
    }

    function setPreRevealURI(string calldata uri) external onlyOwner {
        _checkNotFrozen();
        _preRevealURI = uri;
        emit PreRevealURIChanged(uri);
        if (!_revealed) emit BatchMetadataUpdate(_startTokenId(), type(uint256).max);
    }

    /// @notice ERC-7572: points marketplaces at new collection metadata (name, description, image, royalties…).
    function setContractURI(string calldata newContractURI) external onlyOwner {
        _checkNotFrozen();
        _contractURI = newContractURI;
        emit ContractURIUpdated();
    }

    /// @notice ERC-4906: tells marketplaces that tokens `fromTokenId` to `toTokenId` have new metadata at the
    /// same URIs (e.g. hosted JSON edited after the reveal). `toTokenId` may be `type(uint256).max`: every token.
    function emitBatchMetadataUpdate(uint256 fromTokenId, uint256 toTokenId) external onlyOwner {
        _checkNotFrozen();
        if (fromTokenId < _startTokenId() || fromTokenId > toTokenId) {
            revert InvalidTokenRange(fromTokenId, toTokenId);
        }
        emit BatchMetadataUpdate(fromTokenId, toTokenId);
    }

    /// @notice Makes the metadata permanent, once and for good: the base URI, the pre-reveal URI and the
    /// contract URI can never change again, and no further metadata update is announced. Only after the
    /// reveal. Emits `MetadataFrozen` and a last ERC-4906 update, so marketplaces read the final metadata.
    function freezeMetadata() external onlyOwner {
        _checkNotFrozen();
        if (!_revealed) revert NotRevealed();
        _metadataFrozen = true;
        emit MetadataFrozen();
        emit BatchMetadataUpdate(_startTokenId(), type(uint256).max);
    }

    /// @notice After the freeze, emits OpenSea's `PermanentURI(tokenURI, id)` for each minted token from
    /// `fromTokenId` to `toTokenId`. OpenSea documents no collection-wide form of that event and one event per
    /// token costs about 3,300 gas (an IPFS base URI), 33 million for 10,000 tokens: a large collection is
    /// announced in several ranges (and tokens minted after the freeze later).
    function emitPermanentURI(uint256 fromTokenId, uint256 toTokenId) external onlyOwner {
        if (!_metadataFrozen) revert MetadataNotFrozen();
        if (fromTokenId < _startTokenId() || fromTokenId > toTokenId || toTokenId >= _nextTokenId()) {
            revert InvalidTokenRange(fromTokenId, toTokenId);
        }
        string memory base = _baseTokenURI;
        for (uint256 id = fromTokenId; id <= toTokenId; ++id) {
            emit PermanentURI(string.concat(base, _toString(id), ".json"), id);
        }
    }

    function _checkNotFrozen() private view {
        if (_metadataFrozen) revert MetadataIsFrozen();
    }

    function setDefaultRoyalty(address receiver, uint96 feeBps) external onlyOwner {
        _setDefaultRoyalty(receiver, feeBps);
        emit DefaultRoyaltyChanged(receiver, feeBps);
    }

    // ---------------------------------------------------------------- funds

    /// @notice Where `withdraw` sends funds; only for a collection without payees.
    function setPayoutAddress(address payout) external onlyOwner {
        if (_isSplit()) revert PaymentsAreSplit();
        _payoutAddress = payout;
        emit PayoutAddressChanged(payout);
    }

    /// @notice Sends the whole balance to the payout address, or to the owner when none is set.
    /// Callable by the owner or by the payout address itself. A collection with payees pays each by `release`.
    function withdraw() external nonReentrant {
        if (_isSplit()) revert PaymentsAreSplit();
        _withdraw();
    }

    /// @notice Sends `payee` what it is owed now. With payees, callable by anyone (the Ether only goes to the
    /// payee); without, `payee` is the withdrawal address and this is `withdraw`.
    function release(address payee) external nonReentrant {
        if (_isSplit()) {
            _splitRelease(payee);
        } else {
            if (payee != withdrawalAddress()) revert NotPayee(payee);
            _withdraw();
        }
    }

    /// @notice What `release(account)` would send `account` now (0 for an address that is not a payee).
    function releasable(address account) external view returns (uint256) {
        if (_isSplit()) return _splitReleasable(account);
        return account == withdrawalAddress() ? address(this).balance : 0;
    }

    /// @notice The payees and their shares; without payees, the withdrawal address with the one share.
    function payees() external view returns (address[] memory payees_, uint256[] memory shares_) {
        if (_isSplit()) return _splitPayees();
        payees_ = new address[](1);
        payees_[0] = withdrawalAddress();
        shares_ = new uint256[](1);
        shares_[0] = 1;
    }

    function _withdraw() private {
        address to = withdrawalAddress();
        if (msg.sender != owner() && msg.sender != to) revert NotOwnerOrPayout(msg.sender);
        uint256 amount = address(this).balance;
        if (amount == 0) revert NothingToWithdraw();
        _recordRelease(to, amount);
        (bool ok,) = to.call{value: amount}("");
        if (!ok) revert WithdrawFailed();
        emit Withdrawn(to, amount);
    }

    // ---------------------------------------------------------------- views

    function maxSupply() external view returns (uint256) {
        return _maxSupply;
    }

    function totalMinted() external view returns (uint256) {
        return _totalMinted();
    }

    /// @notice The sale settings, with the phase in force now (a scheduled sale's follows the block time).
    function saleConfig() external view returns (SaleConfig memory config) {
        uint256 sale = _packedSale;
        config = _unpackSale(sale);
        config.phase = SalePhase(_phaseOf(sale));
    }

    function salePhase() external view returns (SalePhase) {
        return SalePhase(_phaseOf(_packedSale));
    }

    /// @notice The start times the sale follows (Unix seconds, 0 = not scheduled); both 0 when the owner
    /// opens and closes phases by hand.
    function saleSchedule() external view returns (uint40 allowlistStart, uint40 publicStart) {
        uint256 schedule = _schedule;
        return (uint40(schedule), uint40(schedule >> 40));
    }

    function mintPrice() external view returns (uint256) {
        return (_packedSale >> _PUBLIC_PRICE_SHIFT) & _PRICE_MASK;
    }

    function merkleRoot() external view returns (bytes32) {
        return _merkleRoot;
    }

    /// @notice Tokens `wallet` bought in the public and allowlist sales, and everything minted to it.
    function mintedBy(address wallet)
        external
        view
        returns (uint256 publicMinted, uint256 allowlistMinted, uint256 totalMinted_)
    {
        uint64 aux = _getAux(wallet);
        return (aux & _AUX_COUNT_MASK, aux >> _AUX_ALLOWLIST_SHIFT, _numberMinted(wallet));
    }

    function revealed() external view returns (bool) {
        return _revealed;
    }

    /// @notice Whether `freezeMetadata` was called: the URIs can never change again.
    function metadataFrozen() external view returns (bool) {
        return _metadataFrozen;
    }

    function baseURI() external view returns (string memory) {
        return _baseTokenURI;
    }

    function preRevealURI() external view returns (string memory) {
        return _preRevealURI;
    }

    function provenanceHash() external view returns (bytes32) {
        return _provenanceHash;
    }

    function payoutAddress() external view returns (address) {
        return _payoutAddress;
    }

    /// @notice Where `withdraw` sends funds: the payout address, or the owner when none is set.
    function withdrawalAddress() public view returns (address) {
        address payout = _payoutAddress;
        return payout == address(0) ? owner() : payout;
    }

    /// @notice ERC-7572 collection-level metadata.
    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        if (!_exists(tokenId)) _revert(URIQueryForNonexistentToken.selector);
        if (!_revealed) return _preRevealURI;
        return string.concat(_baseTokenURI, _toString(tokenId), ".json");
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721A, ERC2981) returns (bool) {
        return ERC721A.supportsInterface(interfaceId) || ERC2981.supportsInterface(interfaceId)
            || interfaceId == _ERC4906_INTERFACE_ID;
    }

    function _startTokenId() internal pure override returns (uint256) {
        return 1;
    }
}
